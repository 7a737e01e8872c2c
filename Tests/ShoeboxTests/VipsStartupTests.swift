import Foundation
import Testing

/// An ingest process starts libvips (with its HEIF and JPEG XL modules) on a thread of its
/// own beside the library lock and the catalog's creation (`VipsStartup`), not after them, and
/// waits for it on every way out. Seen through the dynamic linker's log (`LD_DEBUG=files`,
/// VIPSHOME unset as in `VipsStartTests`), in an ingest whose catalog cannot be opened: its
/// modules are mapped all the same.
///
/// The environment libvips reads is written once, before that thread starts, and left so:
/// VIPSHOME stays `/dev/null` (a folder that holds no modules folder) for the process's
/// life, and a process that inherits it, as a child does, still loads Shoebox's two modules.
@Suite struct VipsStartupTests {
    /// Not under ThreadSanitizer: its runtime's own thread means the process is never alone,
    /// so libvips starts on the caller, after the catalog, as `VipsStartup` promises.
    @Test(.disabled(if: Fixtures.underThreadSanitizer, "ThreadSanitizer's own thread: libvips starts on the caller there"))
    func anIngestStartsLibvipsBeforeItsCatalogIsOpened() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg")])
        let library = folder.url.appendingPathComponent("library").path
        let catalog = folder.url.appendingPathComponent("no-such-folder/catalog.sqlite").path

        let run = try ShoeboxBinary.run(["ingest", photos.path, "--library", library, "--catalog", catalog, "--quiet"],
                                        launcher: VipsLazyStartTests.launcher)

        #expect(run.status == 1)
        #expect(run.errors.contains("Error: "))
        #expect(run.errors.contains("vips-heif.so [0];  dynamically loaded by"))
        #expect(run.errors.contains("vips-jxl.so [0];  dynamically loaded by"))
    }

    @Test func anInheritedVIPSHOMEOfDevNullStillLoadsShoeboxsModules() throws {
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample("formats/jxl-container.jxl").path],
                                        launcher: ["/usr/bin/env", "VIPSHOME=/dev/null", "LD_DEBUG=files"])

        #expect(run.status == 0)
        #expect(run.errors.contains("vips-jxl.so [0];  dynamically loaded by"))
    }
}
