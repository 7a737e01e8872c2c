import Foundation
import Shoebox
import ShoeboxGallery

enum ContactSheetCommand: Command {
    static let name = "contact-sheet"
    static let abstract = "Print an album as a proof sheet: its thumbnails in a grid, captioned."
    static let help = """
        OVERVIEW: \(abstract)
        JPEG pages of COLUMNS x ROWS cells, in the album's order, each headed by the album's
        title and its page number ("Trip · page 2 of 5"): each asset's smallest thumbnail
        centred in its cell, captioned with what it is (a video's length, LIVE, GIF), its file
        name (shortened in the middle when it does not fit) and capture date. Made from
        the library's thumbnails (no original is opened); the catalog is only read. One page is
        written to FILE; more pages to FILE's name with -2, -3... before its extension
        (sheet.jpg, sheet-2.jpg), each written whole (a temporary file, then renamed).

        USAGE: shoebox contact-sheet ALBUM -o FILE [--library DIR] [--catalog URL] [--columns N] [--rows N]

        ARGUMENTS:
          ALBUM                   The album's title (a user album first, else a folder album).

        OPTIONS:
          -o, --output FILE       The first page's file (.jpg or .jpeg).
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
        guard ext == "jpg" || ext == "jpeg" else {
            throw UsageError("the sheet is written as JPEG: give a FILE ending in .jpg (got \(TerminalText.printable(output)))")
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
        for (index, page) in pages.enumerated() {
            let file = index == 0 ? output : pageName(output, number: index + 1)
            do {
                try page.write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw ContactSheetError.unwritable(path: file, reason: ContactSheetError.reason(of: error))
            }
            Output.line(PathText.printable(file))   // one line a page, whatever the name holds
        }
        Output.error("\(pages.count) pages of \(album)")
        return ExitStatus.success
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
