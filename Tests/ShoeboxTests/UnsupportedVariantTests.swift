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
