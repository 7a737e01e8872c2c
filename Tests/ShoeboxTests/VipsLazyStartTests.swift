import Foundation
import Testing

/// `shoebox metadata` starts libvips (and opens it: CLazyLibraries) only for a still whose header
/// `JPEGHeader` or `HEIFHeader` cannot read, and loads only the plug-in module that still's format needs
/// (`Vips.start(for:)`): mapping libheif and libjxl (and libhwy's timer calibration at load)
/// cost more than the rest of a run's start-up. The dynamic linker's log (`LD_DEBUG=files`,
/// on standard error) names every object it maps; VIPSHOME is unset as in `VipsStartTests`
/// (with it set, libvips loads the modules under it itself).
@Suite struct VipsLazyStartTests {
    static let launcher = ["/usr/bin/env", "-u", "VIPSHOME", "LD_DEBUG=files"]

    private static func mapped(_ sample: String) throws -> String {
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample(sample).path], launcher: launcher)
        #expect(run.status == 0)
        #expect(run.errors.contains("file=libsqlite3.so.0 [0];  needed by"))   // the log is there
        return run.errors
    }

    @Test func aJPEGsMetadataMapsNoLibvipsModule() throws {
        let log = try Self.mapped("panorama.jpg")
        #expect(!log.contains("file=libvips.so.42 [0];  dynamically loaded by"))   // read by Shoebox's own header parser: libvips is never opened
        #expect(!log.contains("vips-heif.so"))
        #expect(!log.contains("vips-jxl.so"))
    }

    @Test func aPNGsMetadataMapsNoLibvipsModule() throws {
        let log = try Self.mapped("screenshot.png")
        #expect(log.contains("file=libvips.so.42 [0];  dynamically loaded by"))   // libvips reads its header
        #expect(!log.contains("vips-heif.so"))
        #expect(!log.contains("vips-jxl.so"))
    }

    @Test func aHEICsMetadataMapsNoLibvipsModule() throws {
        let log = try Self.mapped("photo.heic")
        #expect(!log.contains("file=libvips.so.42 [0];  dynamically loaded by"))   // read by Shoebox's own header parser: libvips is never opened
        #expect(!log.contains("vips-heif.so"))
        #expect(!log.contains("vips-jxl.so"))
    }

    @Test func aJPEGXLsMetadataMapsTheJPEGXLModuleOnly() throws {
        let log = try Self.mapped("formats/jxl-container.jxl")
        #expect(log.contains("vips-jxl.so [0];  dynamically loaded by"))
        #expect(!log.contains("vips-heif.so"))
    }

    /// A HEIF `HEIFHeader` does not read (here its `ftyp` names no brand libheif takes) is
    /// left to libvips, which starts with its HEIF module, and says why it fails.
    @Test func aHEIFLeftToLibvipsMapsTheHEIFModuleOnly() throws {
        let folder = try TemporaryFolder()
        let file = try Self.unbrandedHEIC(in: folder)
        let run = try ShoeboxBinary.run(["metadata", file.path], launcher: Self.launcher)
        #expect(run.status == 1)
        #expect(run.errors.contains("vips-heif.so [0];  dynamically loaded by"))
        #expect(!run.errors.contains("vips-jxl.so"))
    }

    /// photo.heic with its `ftyp`'s compatible brands overwritten (`qqqq`): libheif refuses it.
    static func unbrandedHEIC(in folder: TemporaryFolder) throws -> URL {
        var bytes = [UInt8](try Data(contentsOf: Fixtures.sample("photo.heic")))
        let ftypEnd = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        for offset in stride(from: 16, to: ftypEnd, by: 4) { bytes.replaceSubrange(offset..<(offset + 4), with: Array("qqqq".utf8)) }
        let file = folder.url.appendingPathComponent("unbranded.heic")
        try Data(bytes).write(to: file)
        return file
    }
}
