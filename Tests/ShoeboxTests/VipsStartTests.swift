import Foundation
import Testing
@testable import Shoebox

/// What starting libvips maps into the process: the two plug-in modules Shoebox reads with
/// (HEIF, JPEG XL), never the ones whose loaders are all untrusted and blocked (ImageMagick,
/// poppler, OpenSlide), which with their libraries cost more than the rest of the start-up.
@Suite struct VipsStartTests {
    private func mappedFiles() throws -> String {
        try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
    }

    @Test func onlyTheHEIFAndJPEGXLModulesAreLoaded() throws {
        try Vips.start()
        let maps = try mappedFiles()

        #expect(maps.contains("/vips-heif.so"))
        #expect(maps.contains("/vips-jxl.so"))
        #expect(!maps.contains("/vips-magick.so"))
        #expect(!maps.contains("/vips-poppler.so"))
        #expect(!maps.contains("/vips-openslide.so"))
    }

    /// `vips_init` sets VIPSHOME as it guesses it; Shoebox's start removes the stand-in again, so
    /// that a child process (the ingest supervisor's worker) starts libvips the same way.
    @Test func theEnvironmentKeepsNoVIPSHOME() throws {
        try Vips.start()

        #expect(ProcessInfo.processInfo.environment["VIPSHOME"] == nil)
    }
}
