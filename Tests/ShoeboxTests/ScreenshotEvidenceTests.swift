import Foundation
import Testing
@testable import Shoebox

/// A screenshot needs evidence: drawings, logos and exported photos are camera-less PNGs too.
@Suite struct ScreenshotEvidenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let what: String
        let tagged: Bool, name: String, format: MediaFormat, camera: Bool, width: Int, height: Int
        let expected: Bool
        var testDescription: String { what }
    }

    static let cases: [Case] = [
        Case(what: "a camera-less PNG of no screen's size is a drawing", tagged: false, name: "logo.png",
             format: .png, camera: false, width: 512, height: 512, expected: false),
        Case(what: "an iOS user comment says so", tagged: true, name: "IMG_0001.PNG",
             format: .png, camera: false, width: 512, height: 512, expected: true),
        Case(what: "an Android file name says so", tagged: false, name: "Screenshot_20230101-120000.png",
             format: .png, camera: false, width: 500, height: 500, expected: true),
        Case(what: "a macOS file name says so", tagged: false, name: "Screen Shot 2020-01-01 at 10.00.00.png",
             format: .png, camera: false, width: 500, height: 500, expected: true),
        Case(what: "a name merely containing the word does not", tagged: false, name: "my screenshot.png",
             format: .png, camera: false, width: 500, height: 500, expected: false),
        Case(what: "an iPhone 13's screen size", tagged: false, name: "IMG_0002.PNG",
             format: .png, camera: false, width: 1170, height: 2532, expected: true),
        Case(what: "a desktop's screen size, landscape", tagged: false, name: "capture.png",
             format: .png, camera: false, width: 2560, height: 1440, expected: true),
        Case(what: "a HEIC at a screen size with no camera", tagged: false, name: "IMG_0003.HEIC",
             format: .heic, camera: false, width: 1179, height: 2556, expected: true),
        Case(what: "a camera's photo at a screen size is a photo", tagged: false, name: "IMG_0004.HEIC",
             format: .heic, camera: true, width: 1080, height: 1920, expected: false),
        Case(what: "a JPEG at a screen size needs more evidence", tagged: false, name: "wallpaper.jpg",
             format: .jpeg, camera: false, width: 1080, height: 1920, expected: false),
    ]

    @Test(arguments: cases)
    func screenshotsNeedEvidence(_ test: Case) {
        let evidence = ScreenshotEvidence(taggedScreenshot: test.tagged, fileName: test.name, format: test.format,
                                          hasCamera: test.camera, pixelSize: PixelSize(width: test.width, height: test.height))
        #expect(evidence.isScreenshot == test.expected)
    }

    /// The sample's pixels under another name: a camera-less PNG of no screen's size.
    @Test func aCameraLessPNGIsNotAScreenshotByItself() throws {
        let asset = try ingestedCopy(of: "screenshot.png", as: "drawing.png")
        #expect(asset.subtypes == [])
    }

    /// iOS writes `exif:UserComment` as a language alternative in the screenshot's XMP; a
    /// JPEG, so that neither its format nor its name is the evidence.
    @Test func anXMPUserCommentMakesAScreenshot() throws {
        let asset = try ingestedCopy(of: "orientation/landscape_1.jpg", as: "IMG_0001.JPG",
                                     exiftool: ["-XMP-exif:UserComment=Screenshot"])
        #expect(asset.subtypes == [.screenshot])
    }

    @Test func aScreenSizedPNGWithoutACameraIsAScreenshot() throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let file = folder.appendingPathComponent("IMG_0002.PNG")
        try FixtureTool.run("vips", ["black", file.path, "1170", "2532"])
        try library.ingest([folder])
        #expect(try library.asset(at: file)?.subtypes == [.screenshot])
    }

    private func ingestedCopy(of sample: String, as name: String, exiftool: [String] = []) throws -> AssetRecord {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let file = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Fixtures.sample(sample), to: file)
        if !exiftool.isEmpty { try FixtureTool.run("exiftool", ["-q", "-overwrite_original"] + exiftool + [file.path]) }
        try library.ingest([folder])
        return try #require(try library.asset(at: file))
    }
}
