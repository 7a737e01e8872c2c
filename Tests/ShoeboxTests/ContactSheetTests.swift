import Foundation
import Testing

/// `shoebox contact-sheet`: an album's thumbnails in a grid, captioned, as JPEG pages.
@Suite struct ContactSheetTests {
    struct Library {
        let folder: TemporaryFolder
        let path: String

        /// `samples/orientation` (eight 360x240 photos) ingested into a new library.
        init() throws {
            folder = try TemporaryFolder()
            path = folder.url.appendingPathComponent("library").path
            _ = try ShoeboxBinary.run(["ingest", Fixtures.sample("orientation").path, "--library", path])
        }

        func sheet(_ arguments: [String]) throws -> ShoeboxBinary.Result {
            try ShoeboxBinary.run(["contact-sheet"] + arguments + ["--library", path])
        }
    }

    static func size(_ file: String) throws -> String {
        String(decoding: try FixtureTool.run("vipsheader", ["-f", "width", file]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            + "x" + String(decoding: try FixtureTool.run("vipsheader", ["-f", "height", file]), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// 3 x 2 cells of 256 px over 36 px captions, 12 px apart and around: 816 x 620; the eight
    /// photos make a full page and a second one of two.
    @Test func anAlbumFillsPagesOfTheGridItAsksFor() throws {
        let library = try Library()
        let first = library.folder.url.appendingPathComponent("sheet.jpg").path
        let run = try library.sheet(["orientation", "-o", first, "--columns", "3", "--rows", "2"])
        #expect(run.status == 0, "\(run.errors)")
        let second = library.folder.url.appendingPathComponent("sheet-2.jpg").path
        #expect(run.output == "\(first)\n\(second)\n")
        #expect(try Self.size(first) == "816x620")
        #expect(try Self.size(second) == "816x316")
    }

    /// The first cell's caption strip holds dark text on white.
    @Test func eachCellHasACaption() throws {
        let library = try Library()
        let sheet = library.folder.url.appendingPathComponent("sheet.jpg").path
        _ = try library.sheet(["orientation", "-o", sheet])
        let strip = library.folder.url.appendingPathComponent("strip.png").path
        try FixtureTool.run("vips", ["crop", sheet, strip, "12", "268", "256", "36"])
        let darkest = Double(String(decoding: try FixtureTool.run("vips", ["min", strip]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 255
        let mean = Double(String(decoding: try FixtureTool.run("vips", ["avg", strip]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(darkest < 100 && mean > 200, "ink \(darkest) on paper \(mean)")
    }

    @Test func anUnknownAlbumOrAnotherFormatIsRefused() throws {
        let library = try Library()
        let missing = try library.sheet(["no such album", "-o", library.folder.url.appendingPathComponent("x.jpg").path])
        #expect(missing.status == 1 && missing.errors == "Error: no album \"no such album\" (see shoebox albums)\n")
        let pdf = try library.sheet(["orientation", "-o", library.folder.url.appendingPathComponent("x.pdf").path])
        #expect(pdf.status == 64 && pdf.errors.hasPrefix("Error: the sheet is written as JPEG"))
    }
}
