import CVips
import Foundation
import Testing
@testable import ShoeboxMedia

/// libvips starts itself on its first image (`vips_check_init`), with its own settings, when
/// nothing started it before; and that start is not guarded against Shoebox's running on another
/// thread at the same moment: libvips's `vips_init` then returns before its types exist, and
/// Shoebox's blocking of untrusted loaders aborts inside libvips (stop 50's CI: a suite's first
/// image made beside another suite's start). So whatever makes an image from nothing (pixels, a
/// header, a poster) starts libvips Shoebox's way first. Each case runs in a process of its own
/// (`TestBinary.runAlone`), the first image there: right after it, libvips's operation cache is
/// Shoebox's (none kept), not libvips's own (100 operations).
@Suite struct VipsFirstImageTests {
    @Test(arguments: ["pixels", "header", "poster"])
    func theFirstImageFindsLibvipsStartedShoeboxsWay(_ first: String) throws {
        guard let alone = TestBinary.caseRunAlone else {
            let run = try TestBinary.runAlone("VipsFirstImageTests/theFirstImageFindsLibvipsStartedShoeboxsWay", case: first)
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            #expect(run.errors.contains("with 3 test cases passed"))   // swift-testing reports on standard error: the cases ran there
            return
        }
        guard alone == first else { return }
        try Self.makeImage(first)
        #expect(vips_cache_get_max() == 0)
    }

    private static func makeImage(_ first: String) throws {
        switch first {
        case "pixels":
            _ = try [UInt8](repeating: 128, count: 4 * 4 * 3).withUnsafeBytes { try VipsImage.fromRGB($0, width: 4, height: 4) }
        case "header":
            let bytes = try SourceBytes(copying: Data(contentsOf: Fixtures.sample("panorama.jpg")))
            _ = try VipsImage.header(of: bytes, format: .jpeg)
        default:
            let file = try VideoFile(path: Fixtures.sample("video/portrait.mp4").path, format: .mp4, fromHeaders: true)
            _ = try file.posterFrame(at: 0.5, fitting: PixelSize(width: 64, height: 64), choosing: .keyframe)
        }
    }
}
