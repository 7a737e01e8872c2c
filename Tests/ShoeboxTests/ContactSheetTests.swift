import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxGallery

/// `shoebox contact-sheet`: an album's thumbnails in a grid, captioned, as JPEG pages or a PDF.
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

    /// 3 x 2 cells of 256 px over 36 px captions, 12 px apart and around, under a 40 px
    /// heading: 816 x 660; the eight photos make a full page and a second one of two.
    @Test func anAlbumFillsPagesOfTheGridItAsksFor() throws {
        let library = try Library()
        let first = library.folder.url.appendingPathComponent("sheet.jpg").path
        let run = try library.sheet(["orientation", "-o", first, "--columns", "3", "--rows", "2"])
        #expect(run.status == 0, "\(run.errors)")
        let second = library.folder.url.appendingPathComponent("sheet-2.jpg").path
        #expect(run.output == "\(first)\n\(second)\n")
        #expect(try Self.size(first) == "816x660")
        #expect(try Self.size(second) == "816x356")
    }

    /// The first cell's caption strip, and the page's heading above the grid, hold dark text
    /// on white.
    @Test(arguments: [("12", "308", "256", "36"), ("0", "0", "400", "40")])
    func theCaptionsAndTheHeadingAreInkOnPaper(x: String, y: String, width: String, height: String) throws {
        let library = try Library()
        let sheet = library.folder.url.appendingPathComponent("sheet.jpg").path
        _ = try library.sheet(["orientation", "-o", sheet])
        let strip = library.folder.url.appendingPathComponent("strip.png").path
        try FixtureTool.run("vips", ["crop", sheet, strip, x, y, width, height])
        let darkest = Double(String(decoding: try FixtureTool.run("vips", ["min", strip]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 255
        let mean = Double(String(decoding: try FixtureTool.run("vips", ["avg", strip]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(darkest < 100 && mean > 200, "ink \(darkest) on paper \(mean)")
    }

    /// A caption says what the asset is and fits its cell: a long name keeps its start and end.
    @Test func aCaptionMarksItsKindAndFitsItsCell() {
        func asset(_ name: String, kind: AssetKind, seconds: Double? = nil, frames: Int? = nil) -> AssetRecord {
            var record = GalleryTests.record("/p/" + name, kind: kind)
            record.metadata.takenAt = "2024-07-01T09:00:00"
            (record.details.durationSeconds, record.details.frameCount) = (seconds, frames)
            return record
        }
        #expect(ContactSheet.caption(for: asset("clip.mp4", kind: .video, seconds: 75.4), width: 256) == "1:15 · clip.mp4 · 2024-07-01")
        #expect(ContactSheet.caption(for: asset("IMG_1.HEIC", kind: .livePhoto), width: 256) == "LIVE · IMG_1.HEIC · 2024-07-01")
        #expect(ContactSheet.caption(for: asset("a.gif", kind: .gif, frames: 12), width: 256) == "GIF · a.gif · 2024-07-01")
        #expect(ContactSheet.caption(for: asset("still.gif", kind: .gif, frames: 1), width: 256) == "still.gif · 2024-07-01")
        let long = ContactSheet.caption(for: asset("IMG_20240701_090000000_BURST001_COVER.jpg", kind: .photo), width: 256)
        #expect(long == "IMG_2024070…_COVER.jpg · 2024-07-01")
        #expect(long.count <= ContactSheet.captionCharacters(width: 256))
    }

    @Test func anUnknownAlbumOrAnotherFormatIsRefused() throws {
        let library = try Library()
        let missing = try library.sheet(["no such album", "-o", library.folder.url.appendingPathComponent("x.jpg").path])
        #expect(missing.status == 1 && missing.errors == "Error: no album \"no such album\" (see shoebox albums)\n")
        let png = try library.sheet(["orientation", "-o", library.folder.url.appendingPathComponent("x.png").path])
        #expect(png.status == 64 && png.errors.hasPrefix("Error: the sheet is written as JPEG or PDF: give a FILE ending in .jpg or .pdf"))
    }

    /// As PDF, the pages go into one document, each the JPEG page as it is, sized to print at
    /// 200 dpi, titled by the album: a PDF reader (poppler, through vips) rendering it at
    /// 200 dpi gives back the JPEG pages' sizes and pixels.
    @Test func aSheetAsPDFHoldsEveryPageAtTwoHundredDotsAnInch() throws {
        let library = try Library()
        let folder = library.folder.url
        let pdf = folder.appendingPathComponent("sheet.pdf").path
        let run = try library.sheet(["orientation", "-o", pdf, "--columns", "3", "--rows", "2"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "\(pdf)\n")
        _ = try library.sheet(["orientation", "-o", folder.appendingPathComponent("sheet.jpg").path, "--columns", "3", "--rows", "2"])

        func text(_ tool: String, _ arguments: [String]) throws -> String {
            String(decoding: try FixtureTool.run(tool, arguments), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try text("vipsheader", ["-f", "n-pages", pdf]) == "2")
        #expect(try text("vipsheader", ["-f", "pdf-title", pdf]) == "orientation")
        for (page, jpeg, size) in [(0, "sheet.jpg", "816x660"), (1, "sheet-2.jpg", "816x356")] {
            let rendered = folder.appendingPathComponent("page-\(page).v").path, rgb = folder.appendingPathComponent("rgb-\(page).v").path
            _ = try FixtureTool.run("vips", ["pdfload", pdf, rendered, "--dpi", "200", "--page", "\(page)"])
            _ = try FixtureTool.run("vips", ["extract_band", rendered, rgb, "0", "--n", "3"])
            #expect(try Self.size(rgb) == size)
            let difference = folder.appendingPathComponent("difference-\(page).v").path
            _ = try FixtureTool.run("vips", ["subtract", folder.appendingPathComponent(jpeg).path, rgb, difference])
            let absolute = folder.appendingPathComponent("absolute-\(page).v").path
            _ = try FixtureTool.run("vips", ["abs", difference, absolute])
            let mean = try #require(Double(try text("vips", ["avg", absolute])))
            #expect(mean < 2, "page \(page + 1) differs from \(jpeg) by \(mean) on average")
        }
    }
}
