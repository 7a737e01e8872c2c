import Foundation
import Shoebox
import ShoeboxGallery

enum ContactSheetCommand: Command {
    static let name = "contact-sheet"
    static let abstract = "Print an album as a proof sheet: its thumbnails in a grid, captioned."
    static let help = """
        OVERVIEW: \(abstract)
        Pages of COLUMNS x ROWS cells, in the album's order, each headed by the album's
        title and its page number ("Trip · page 2 of 5"): each asset's smallest thumbnail
        centred in its cell, captioned with what it is (a video's length, LIVE, GIF), its file
        name (shortened in the middle when it does not fit) and capture date. Made from
        the library's thumbnails (no original is opened); the catalog is only read. As JPEG,
        one page is written to FILE, more pages to FILE's name with -2, -3... before its
        extension (sheet.jpg, sheet-2.jpg); as PDF, every page goes into FILE, one sheet a page,
        sized to print at 200 dpi (a 6-column sheet is 20.6 cm wide). Each file is written
        whole (a temporary file, then renamed).

        USAGE: shoebox contact-sheet ALBUM -o FILE [--library DIR] [--catalog URL] [--columns N] [--rows N]

        ARGUMENTS:
          ALBUM                   The album's title (a user album first, else a folder album).

        OPTIONS:
          -o, --output FILE       The first page's file (.jpg or .jpeg), or the document (.pdf).
        \(LibraryOption.help)
        \(CatalogOption.help)
          --columns N             Cells across, 1 to 20 (default: 6).
          --rows N                Cells down a page, 1 to 40 (default: 8).
          -h, --help              Show this help.

        EXIT STATUS:
          0 written, 1 no such album or a page could not be written, 64 usage error.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "-o", "--output", "--columns", "--rows"], flags: [])
        guard args.positionals.count == 1, let title = args.positionals.first else { throw UsageError("give one ALBUM") }
        guard let output = args.value("-o") ?? args.value("--output") else { throw UsageError("give the sheet's file with -o FILE") }
        let ext = (output as NSString).pathExtension.lowercased()
        guard ["jpg", "jpeg", "pdf"].contains(ext) else {
            throw UsageError("the sheet is written as JPEG or PDF: give a FILE ending in .jpg or .pdf (got \(TerminalText.printable(output)))")
        }
        try ReportFileError.check(output, option: "-o")
        let columns = try number(args, "--columns", in: 1...20)
        let rows = try number(args, "--rows", in: 1...40)
        let library = LibraryOption.library(args)
        let catalog = try CatalogOption.open(args, library: library)
        var sheet = ContactSheet(catalog: catalog, library: library)
        sheet.columns = columns ?? sheet.columns
        sheet.rows = rows ?? sheet.rows
        let album = try catalog.requireAlbum(titled: title)
        try Vips.start()
        let pages = try sheet.pages(of: album)
        if ext == "pdf" {
            try write(SheetPDF.document(pages: pages, title: album.title), to: output)
        } else {
            for (index, page) in pages.enumerated() {
                try write(page.jpeg, to: index == 0 ? output : pageName(output, number: index + 1))
            }
        }
        Output.error("\(pages.count) pages of \(album)")
        return ExitStatus.success
    }

    /// Writes one file whole (a temporary file, then renamed) and names it on standard output.
    private static func write(_ bytes: Data, to file: String) throws {
        do {
            try bytes.write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw ContactSheetError.unwritable(path: file, reason: ContactSheetError.reason(of: error))
        }
        Output.line(PathText.printable(file))   // one line a file, whatever the name holds
    }

    /// `sheet.jpg` page 2 is `sheet-2.jpg`.
    static func pageName(_ first: String, number: Int) -> String {
        let ns = first as NSString
        return ns.deletingPathExtension + "-\(number)." + ns.pathExtension
    }

    private static func number(_ args: CommandLineArguments, _ option: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let raw = args.value(option) else { return nil }
        guard let value = Int(raw), range.contains(value) else {
            throw UsageError("\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \(TerminalText.printable(raw)))")
        }
        return value
    }
}
