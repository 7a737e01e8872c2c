import Foundation
import Testing

/// What starting libvips maps into a shoebox process: the two plug-in modules Shoebox reads
/// with (HEIF, JPEG XL), never the ones whose loaders are all untrusted and blocked
/// (ImageMagick, poppler, OpenSlide), which with their libraries cost more than the rest of
/// libvips's start-up. Seen through the dynamic linker's own log (`LD_DEBUG=files`), in a
/// `metadata` run whose files need both: a JPEG XL, and a HEIF `HEIFHeader` leaves to libvips
/// (which refuses it: exit 1).
@Suite struct VipsStartTests {
    @Test func onlyTheHEIFAndJPEGXLModulesAreLoaded() throws {
        let folder = try TemporaryFolder()
        let heif = try VipsLazyStartTests.unbrandedHEIC(in: folder)
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample("formats/jxl-container.jxl").path, heif.path],
                                        launcher: ["/usr/bin/env", "-u", "VIPSHOME", "LD_DEBUG=files"])
        let loaded = run.errors.split(separator: "\n").compactMap { line -> String? in   // "file=/usr/lib/.../vips-heif.so [0]; ..."
            guard let start = line.range(of: "file=") else { return nil }
            let name = line[start.upperBound...].prefix { $0 != " " }.split(separator: "/").last.map(String.init) ?? ""
            return name.hasPrefix("vips-") && name.hasSuffix(".so") ? name : nil
        }

        #expect(run.status == 1)
        #expect(Set(loaded) == ["vips-heif.so", "vips-jxl.so"])
    }
}
