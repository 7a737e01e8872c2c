import Foundation
import Testing
@testable import Shoebox

/// A valid file of a format Shoebox reads, using a feature its libraries lack, is
/// `unsupported`, never `damaged`: nothing is wrong with its bytes.
@Suite struct UnsupportedVariantTests {
    /// A lossless JPEG (ITU T.81 process 14, SOF3: what DNGs and medical scanners write), made
    /// by FFmpeg. exiftool reads it ("Lossless, Huffman coding"); libjpeg-turbo 2.1 cannot
    /// decode it, and libvips says so: "Unsupported JPEG process: SOF type 0xc3".
    @Test func aLosslessJPEGIsUnsupported() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        let file = photos.appendingPathComponent("lossless.jpg")
        try FixtureTool.run("ffmpeg", ["-v", "error", "-i", Fixtures.sample("orientation/landscape_1.jpg").path,
                                       "-c:v", "ljpeg", "-pix_fmt", "bgr24", "-strict", "-1", file.path])

        let assets = try ListedAssets(ingesting: photos, into: folder)

        #expect(assets.ingest.status == 1)
        let asset = try #require(assets["lossless.jpg"])
        #expect(asset["status"] as? String == "failed")
        #expect(asset["errorClass"] as? String == "unsupported")
        #expect(asset["error"] as? String
                == "cannot read the jpeg header: load header: VipsJpeg: Unsupported JPEG process: SOF type 0xc3")
    }
}

extension UnsupportedVariantTests {
    /// A video whose codec this FFmpeg has no decoder for is `unsupported`, and says which codec:
    /// `samples/video/portrait.mp4` with its sample entry renamed from `avc1` to `vvc1` (H.266,
    /// which FFmpeg 5.1 cannot decode). The container is read as before: the file is valid.
    @Test func aVideoOfACodecFFmpegCannotDecodeIsUnsupported() throws {
        let folder = try TemporaryFolder()
        let videos = try folder.subfolder("videos")
        var bytes = try Data(contentsOf: Fixtures.sample("video/portrait.mp4"))
        let entry = try #require(bytes.range(of: Data("avc1".utf8), options: .backwards))
        bytes.replaceSubrange(entry, with: Data("vvc1".utf8))
        try bytes.write(to: videos.appendingPathComponent("h266.mp4"))

        let assets = try ListedAssets(ingesting: videos, into: folder)

        let asset = try #require(assets["h266.mp4"])
        #expect(asset["errorClass"] as? String == "unsupported")
        #expect(asset["error"] as? String == "cannot decode a poster frame: FFmpeg has no decoder for the video codec vvc1")
    }
}
