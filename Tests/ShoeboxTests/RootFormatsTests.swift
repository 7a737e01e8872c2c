import Foundation
import Testing
@testable import Shoebox

/// An ingest handed files, not folders, loads only the libvips modules their formats need
/// (`RootFormats`, `Vips.start(needing:)`): a batch of JPEGs maps neither libheif's codecs nor
/// libjxl; a folder may hold anything, so both are loaded.
@Suite struct RootFormatsTests {
    @Test func filesGiveTheFormatsTheirFirstBytesSay() {
        let roots = [Fixtures.sample("photo.heic").path, Fixtures.sample("panorama.jpg").path, Fixtures.sample("photo.webp").path]
        #expect(RootFormats.sniffed(roots) == [.heic, .jpeg, .webp])
    }

    @Test func aFolderAmongTheRootsMayHoldAnyFormat() {
        #expect(RootFormats.sniffed([Fixtures.sample("panorama.jpg").path, Fixtures.samples.path]) == nil)
    }

    @Test func aRootThatCannotBeReadMayBeAnyFormat() {
        #expect(RootFormats.sniffed([Fixtures.sample("panorama.jpg").path, "/nonexistent/photo.jpg"]) == nil)
        #expect(RootFormats.sniffed([]) == nil)
    }

    /// The modules the ingest child loaded, as its debug hook says. VIPSHOME is unset, as in
    /// `VipsStartTests`: this test process starts libvips itself, which may leave its guess
    /// (`/usr`) in the environment the child inherits, and a VIPSHOME of the user's loads every
    /// module there.
    private func modulesLoaded(ingesting roots: [String]) throws -> String {
        let folder = try TemporaryFolder()
        let run = try ShoeboxBinary.run(["ingest", "--library", folder.url.appendingPathComponent("library").path, "--quiet"] + roots,
                                        environment: ["SHOEBOX_TEST_SAY_MODULES": "1"], launcher: ["/usr/bin/env", "-u", "VIPSHOME"])
        #expect(run.status == 0, "\(run.errors)")
        let said = run.errors.split(separator: "\n").filter { $0.hasPrefix("shoebox test: libvips modules ") }
        try #require(said.count == 1, "\(run.errors)")
        return String(said[0].dropFirst("shoebox test: libvips modules ".count))
    }

    @Test func anIngestOfJPEGsLoadsNoModule() throws {
        #expect(try modulesLoaded(ingesting: [Fixtures.sample("panorama.jpg").path, Fixtures.sample("tall.jpg").path]) == "[]")
    }

    @Test func anIngestOfAHEICLoadsTheHEIFModuleAlone() throws {
        #expect(try modulesLoaded(ingesting: [Fixtures.sample("photo.heic").path, Fixtures.sample("tall.jpg").path]) == "[heif]")
    }

    @Test func anIngestOfAFolderLoadsBoth() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try FileManager.default.copyItem(at: Fixtures.sample("tall.jpg"), to: photos.appendingPathComponent("tall.jpg"))
        #expect(try modulesLoaded(ingesting: [photos.path]) == "[heif,jxl]")
    }
}
