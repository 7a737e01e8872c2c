import Foundation
import Testing

/// What starting libvips maps into a shoebox process: the two plug-in modules Shoebox reads
/// with (HEIF, JPEG XL), never the ones whose loaders are all untrusted and blocked
/// (ImageMagick, poppler, OpenSlide), which with their libraries cost more than the rest of
/// libvips's start-up. Seen through the dynamic linker's own log (`LD_DEBUG=files`).
@Suite struct VipsStartTests {
    @Test func onlyTheHEIFAndJPEGXLModulesAreLoaded() throws {
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample("photo.heic").path],
                                        launcher: ["/usr/bin/env", "-u", "VIPSHOME", "LD_DEBUG=files"])
        let loaded = run.errors.split(separator: "\n").compactMap { line -> String? in   // "file=/usr/lib/.../vips-heif.so [0]; ..."
            guard let start = line.range(of: "file=") else { return nil }
            let name = line[start.upperBound...].prefix { $0 != " " }.split(separator: "/").last.map(String.init) ?? ""
            return name.hasPrefix("vips-") && name.hasSuffix(".so") ? name : nil
        }

        #expect(run.status == 0)
        #expect(Set(loaded) == ["vips-heif.so", "vips-jxl.so"])
    }
}
