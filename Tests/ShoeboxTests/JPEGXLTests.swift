import Foundation
import Testing
@testable import Shoebox

/// JPEG XL, both bare codestreams and ISO-BMFF containers, read by libvips's `jxlload` (the one
/// untrusted loader Shoebox opens), with EXIF and XMP from the container's boxes.
/// Fixtures: `samples/formats/jxl-*.jxl` (scripts/make-format-samples.py).
@Suite struct JPEGXLTests {
    private func ingested(_ names: [String]) throws -> ListedAssets {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: names.map { Fixtures.sample("formats/\($0)") })
        return try ListedAssets(ingesting: photos, into: folder)
    }

    @Test func aBareCodestreamIsAPhoto() throws {
        let assets = try ingested(["jxl-codestream.jxl"])

        #expect(assets.ingest.status == 0, "\(assets.ingest.errors)")
        let asset = try #require(assets["jxl-codestream.jxl"], "not catalogued: \(assets.ingest.errors)")
        #expect(asset["status"] as? String == "ok")
        #expect(asset["kind"] as? String == "photo")
        #expect(asset["format"] as? String == "jxl")
        #expect(asset["width"] as? Int == 180)
        #expect(asset["height"] as? Int == 120)
        #expect(asset["takenAtSource"] as? String == "FileModifyDate")
        let thumbnail = try assets.thumbnail("jxl-codestream.jxl")
        #expect(thumbnail.width == 180 && thumbnail.height == 120)
    }

    /// The container's `Exif` box holds landscape_6.jpg's EXIF: capture time, GPS and
    /// orientation 6. The codestream is upright with orientation 1, which JPEG XL says wins:
    /// libjxl applies it, and the EXIF tag is recorded, never applied on top.
    @Test func aContainerGivesTheCaptureTimeAndPlaceOfItsExifBox() throws {
        let file = Fixtures.sample("formats/jxl-container.jxl")
        let oracle = try #require(try JSONSerialization.jsonObject(
            with: FixtureTool.run("exiftool", ["-j", "-n", file.path])) as? [[String: Any]]).first
        #expect(oracle?["DateTimeOriginal"] as? String == "2024:05:06 10:00:00")
        #expect(oracle?["GPSLatitude"] as? Double == 48.8584)

        let assets = try ingested(["jxl-container.jxl"])

        let asset = try #require(assets["jxl-container.jxl"], "not catalogued: \(assets.ingest.errors)")
        #expect(asset["status"] as? String == "ok")
        #expect(asset["takenAt"] as? String == "2024-05-06T10:00:00")
        #expect(asset["takenAtSource"] as? String == "Exif DateTimeOriginal")
        #expect((asset["gps"] as? [String: Any])?["latitude"] as? Double == 48.8584)
        #expect(asset["orientation"] as? Int == 6)
        #expect(asset["width"] as? Int == 360)
        #expect(asset["height"] as? Int == 240)
    }

    /// A JPEG XL signature over bytes libjxl 0.7 cannot decode: recorded as `unsupported` with
    /// libjxl's reason (through libvips), not skipped as "not a media file".
    @Test func aFileLibjxlCannotDecodeIsUnsupportedWithItsReason() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try Data([0xFF, 0x0A, 0x08, 0x04, 0x8E, 0x81] + Array("<not jxl data>".utf8))
            .write(to: photos.appendingPathComponent("odd.jxl"))

        let assets = try ListedAssets(ingesting: photos, into: folder)

        let asset = try #require(assets["odd.jxl"], "not catalogued: \(assets.ingest.errors)")
        #expect(asset["status"] as? String == "failed")
        #expect(asset["errorClass"] as? String == "unsupported")
        #expect(asset["error"] as? String == "cannot read the jxl header: load header: jxlload_source: error JxlDecoderProcessInput")
    }

    /// libvips's own sniffing, as `vips_thumbnail` uses it, runs `jxlload` on JPEG XL bytes, and
    /// still refuses a BMP: ImageMagick's loader, like every other untrusted one, stays blocked.
    @Test func jxlloadIsTheOneUntrustedLoaderOpened() throws {
        try Vips.start()
        func thumbnail(_ name: String) throws -> VipsImage {
            let bytes = SourceBytes(copying: try Data(contentsOf: Fixtures.sample("formats/\(name)")))
            return try VipsImage.decodeShrunk(bytes, fitting: 64, 64, convertToSRGB: false, failOnTruncation: true)
        }

        #expect(try thumbnail("jxl-codestream.jxl").width == 64)
        #expect(throws: MediaError.vips(operation: "thumbnail", message: "VipsForeignLoad: source is not in a known format")) {
            try thumbnail("bmp-24bit.bmp")
        }
    }

    /// libvips 8.14's jxlload has libjxl decode the whole image into one buffer: over
    /// `limits.decodeMemoryBytes` (from the header's size, bands and sample size) a JPEG XL is
    /// refused before decoding, as an interlaced PNG is.
    @Test func aJPEGXLWhoseWholeDecodeIsOverTheMemoryLimitIsTooLarge() throws {
        let library = try TestLibrary()
        let root = try library.folder.folder("photos", copying: ["jxl-container.jxl", "jxl-codestream.jxl"]
            .map { Fixtures.sample("formats/\($0)") })
        var configuration = try Fixtures.pipeline()
        configuration.limits.decodeMemoryBytes = 200_000   // 360x240x(3 + 4) = 604,800 bytes; 180x120x(3 + 4) = 151,200

        try library.ingest([root], configuration: configuration)

        let large = try #require(try library.asset(at: root.appendingPathComponent("jxl-container.jxl")))
        #expect(large.errorClass == .tooLarge)
        #expect(large.errorMessage == "a JPEG XL is decoded whole (libjxl's frame and the output): its 360x240 pixels and the file's 0.0 MB need 0.6 MB "
                + "at once; the pipeline's limits.decodeMemoryBytes allows 0.2 MB")
        #expect(try library.asset(at: root.appendingPathComponent("jxl-codestream.jxl"))?.status == .ok)
    }

    /// exiftool's test JPEG XL files hold a header and "<dummy jxl data>" (a codestream, and a
    /// container with Brotli-compressed Exif and XMP boxes): exiftool reads their boxes, libjxl
    /// decodes no pixels, so each is `unsupported`, never skipped.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func exiftoolsDummyJPEGXLFilesAreUnsupported() throws {
        let folder = try TemporaryFolder()
        let files = ["JXL.jxl", "JXL2.jxl"].map { Fixtures.corpus("exiftool-t/\($0)") }

        let assets = try ListedAssets(ingesting: try folder.folder("photos", copying: files), into: folder)

        for name in ["JXL.jxl", "JXL2.jxl"] {
            #expect(assets[name]?["errorClass"] as? String == "unsupported", "\(name)")
            // Not the reason itself: two workers failing at once may swap libvips's process-wide
            // error buffer (one gets both messages, the other "libvips gave no message").
            let error = assets[name]?["error"] as? String
            #expect(error?.hasPrefix("cannot read the jxl header: load header: ") == true, "\(name): \(error ?? "")")
        }
    }
}
