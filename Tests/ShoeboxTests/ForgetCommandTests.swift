import Foundation
import Testing
@testable import Shoebox

/// `shoebox forget`, run as a user runs it: a folder ingested by mistake leaves the catalog,
/// its files stay as they are, `gc` then removes its thumbnails, and an ingest brings it back.
@Suite struct ForgetCommandTests {
    let cli = CommandLineTests()

    @Test func aFolderIngestedByMistakeIsForgottenAndItsFilesKept() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos/orientation", copying: (1...8).map { Fixtures.sample("orientation/landscape_\($0).jpg") })
        _ = try folder.folder("photos/pano", copying: [Fixtures.sample("panorama.jpg")])
        let library = folder.url.appendingPathComponent("library").path
        #expect(try cli.shoebox("ingest", photos.deletingLastPathComponent().path, "--library", library).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: photos.path).sorted()

        let forget = try cli.shoebox("forget", photos.path, "--library", library)

        #expect(forget.status == 0)
        #expect(forget.output == "forgot 8 assets at \(photos.path); `shoebox gc` removes their thumbnails\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos.path).sorted() == before)
        let listed = try cli.shoebox("list", "--library", library).output
        #expect(listed.split(separator: "\n").count == 1 && listed.contains("panorama.jpg"))
        #expect(try cli.shoebox("gc", "--library", library).output.hasPrefix("removed 16 files"))
        let again = try cli.shoebox("ingest", photos.path, "--library", library)
        #expect(again.output.hasPrefix("ingested 8,"), "\(again.output)")
    }

    @Test func missingFilesAreForgottenOnlyAfterTheirDays() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
        let library = folder.url.appendingPathComponent("library").path
        _ = try cli.shoebox("ingest", photos.path, "--library", library)
        try FileManager.default.removeItem(at: photos.appendingPathComponent("tall.jpg"))
        _ = try cli.shoebox("ingest", photos.path, "--library", library)

        #expect(try cli.shoebox("forget", "--missing", "--library", library).output == "forgot 0 assets missing for more than 30 days\n")
        #expect(try cli.shoebox("forget", "--missing", "--days", "0", "--library", library).output
                == "forgot 1 asset missing for more than 0 days; `shoebox gc` removes their thumbnails\n")
        #expect(try cli.shoebox("forget", "--missing", "--days", "x", "--library", library).status == 64)
        #expect(try cli.shoebox("forget", photos.path, "--missing", "--library", library).status == 64)
    }
}
