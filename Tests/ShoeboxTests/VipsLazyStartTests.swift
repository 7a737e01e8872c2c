import Foundation
import Testing
@testable import Shoebox

/// `shoebox metadata` starts libvips only for a still whose header `JPEGHeader` or
/// `HEIFHeader` cannot read,
/// and loads only the plug-in module that still's format needs (`Vips.start(for:)`): mapping
/// libheif and libjxl (and libhwy's timer calibration at load) cost more than the rest of a
/// run's start-up. The dynamic linker's log (`LD_DEBUG=files`, on standard error) names
/// every object it maps.
@Suite struct VipsLazyStartTests {
    /// libvips's start in this test process (other suites') sets VIPSHOME for a moment
    /// (`sb_vips_start`); a child started then would inherit it and start libvips another way.
    /// Starting it here first, once, closes that window before any child is started.
    private static func settleTestProcess() throws { try Vips.start() }

    private static func mapped(_ sample: String) throws -> String {
        try settleTestProcess()
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample(sample).path], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0)
        #expect(run.errors.contains("file=libvips.so.42 [0];  needed by"))   // the log is there
        return run.errors
    }

    @Test func aJPEGsMetadataMapsNoLibvipsModule() throws {
        let log = try Self.mapped("panorama.jpg")
        #expect(!log.contains("vips-heif.so"))
        #expect(!log.contains("vips-jxl.so"))
    }

    @Test func aPNGsMetadataMapsNoLibvipsModule() throws {
        let log = try Self.mapped("screenshot.png")
        #expect(!log.contains("vips-heif.so"))
        #expect(!log.contains("vips-jxl.so"))
    }

    @Test func aHEICsMetadataMapsNoLibvipsModule() throws {
        let log = try Self.mapped("photo.heic")
        #expect(!log.contains("vips-heif.so"))
        #expect(!log.contains("vips-jxl.so"))
    }

    /// A HEIF `HEIFHeader` does not read (here its `ftyp` names no brand libheif takes) is
    /// left to libvips, which starts with its HEIF module, and says why it fails.
    @Test func aHEIFLeftToLibvipsMapsTheHEIFModuleOnly() throws {
        let folder = try TemporaryFolder()
        var bytes = [UInt8](try Data(contentsOf: Fixtures.sample("photo.heic")))
        let ftypEnd = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        for offset in stride(from: 16, to: ftypEnd, by: 4) { bytes.replaceSubrange(offset..<(offset + 4), with: Array("qqqq".utf8)) }
        let file = folder.url.appendingPathComponent("unbranded.heic")
        try Data(bytes).write(to: file)
        try Self.settleTestProcess()
        let run = try ShoeboxBinary.run(["metadata", file.path], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 1)
        #expect(run.errors.contains("vips-heif.so [0];  dynamically loaded by"))
        #expect(!run.errors.contains("vips-jxl.so"))
    }
}
