import Foundation
import Testing
@testable import Shoebox

/// An iPhone export of an edited photo (`IMG_1234.HEIC`, `IMG_E1234.JPG`, `IMG_1234.AAE`, and
/// for a Live Photo `IMG_1234.MOV`, `IMG_E1234.MOV`) is one asset, shown as its edited
/// rendition, with every file listed as one of its resources.
@Suite struct EditedVariantTests {
    /// A copy of `samples/edited/SAMPLE` in `root/` of a new library.
    func export(_ sample: String) throws -> (library: TestLibrary, root: URL) {
        let library = try TestLibrary()
        let files = try FileManager.default.contentsOfDirectory(at: Fixtures.sample("edited/\(sample)"), includingPropertiesForKeys: nil)
        return (library, try library.folder.folder("root", copying: files))
    }

    /// The resources of the one listed asset, as (type, file name, size).
    func resources(_ library: TestLibrary) throws -> [String] {
        let assets = try library.assets()
        try #require(assets.count == 1, "one asset, not \(assets.map(\.path))")
        return try library.catalog.resources(ofAsset: assets[0].id).map {
            "\($0.type.rawValue) \(URL(fileURLWithPath: $0.path).lastPathComponent) \($0.fileSize)"
        }
    }

    static let still = ["photo IMG_1234.HEIC 3483", "fullSizePhoto IMG_E1234.JPG 6268", "adjustmentData IMG_1234.AAE 522"]
    static let live = ["photo IMG_5678.JPG 1322", "fullSizePhoto IMG_E5678.JPG 1234", "pairedVideo IMG_5678.MOV 21713",
                       "fullSizePairedVideo IMG_E5678.MOV 13799", "adjustmentData IMG_5678.AAE 522"]

    @Test func anEditedPhotoIsOneAssetShownAsItsEditedRendition() throws {
        let (library, root) = try export("still")
        let summary = try library.ingest([root])
        #expect(summary.ingested == 2 && summary.skipped == 1)
        let assets = try library.assets()
        #expect(assets.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["IMG_E1234.JPG"])
        let shown = try #require(assets.first)
        #expect(shown.kind == .photo && shown.width == 320 && shown.height == 320)
        #expect(shown.metadata.takenAt == "2024-06-03T14:00:00")
        #expect(shown.thumbnails.map { "\($0.width)x\($0.height)" } == ["256x256", "320x320"])
        #expect(try resources(library) == Self.still)
        let original = try #require(try library.asset(at: root.appendingPathComponent("IMG_1234.HEIC")))
        #expect(original.width == 480 && original.status == .ok && !original.missing)
        #expect(try library.catalog.resources(ofAsset: original.id) == library.catalog.resources(ofAsset: shown.id))
    }

    @Test func anEditedLivePhotoIsOneAssetWithBothStillsAndBothVideos() throws {
        let (library, root) = try export("live")
        try library.ingest([root])
        let assets = try library.assets()
        #expect(assets.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["IMG_E5678.JPG"])
        #expect(assets.first?.kind == .livePhoto && assets.first?.width == 160)
        #expect(try resources(library) == Self.live)
        #expect(try library.catalog.fetchAssets(AssetFetchOptions(kinds: [.livePhoto])).prefix(10).map(\.id) == assets.map(\.id))
    }

    /// Every order the files can arrive in, one file a run: the same one asset in the end.
    @Test(arguments: ["IMG_1234.HEIC", "IMG_E1234.JPG", "IMG_1234.AAE"])
    func groupingDoesNotDependOnWhichFileArrivesFirst(first: String) throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        let rest = ["IMG_1234.HEIC", "IMG_E1234.JPG", "IMG_1234.AAE"].filter { $0 != first }
        for name in [first] + rest {
            try FileManager.default.copyItem(at: Fixtures.sample("edited/still/\(name)"), to: root.appendingPathComponent(name))
            try library.ingest([root])
        }
        #expect(try resources(library) == Self.still)
        let again = try library.ingest([root])
        #expect(again.unchanged == 2 && again.ingested == 0)
        #expect(try resources(library) == Self.still)
    }

    @Test func theGroupMovesWithItsFiles() throws {
        let (library, root) = try export("live")
        try library.ingest([root])
        let shownID = try #require(try library.assets().first?.id)
        let moved = root.appendingPathComponent("2024")
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) where name != "2024" {
            try FileManager.default.moveItem(at: root.appendingPathComponent(name), to: moved.appendingPathComponent(name))
        }
        let summary = try library.ingest([root])
        #expect(summary.relocated == 4 && summary.missing == 0)
        #expect(try library.assets().map(\.id) == [shownID])
        #expect(try library.catalog.resources(ofAsset: shownID).map(\.path)
                == Self.live.map { moved.appendingPathComponent(String($0.split(separator: " ")[1])).path })
    }

    @Test func anEditWhoseFileGoesMissingLeavesTheOriginalShownUntilItReturns() throws {
        let (library, root) = try export("still")
        try library.ingest([root])
        let edited = root.appendingPathComponent("IMG_E1234.JPG"), away = library.folder.url.appendingPathComponent("IMG_E1234.JPG")
        try FileManager.default.moveItem(at: edited, to: away)
        try library.ingest([root])
        let assets = try library.assets()
        #expect(assets.map { "\(URL(fileURLWithPath: $0.path).lastPathComponent) \($0.missing)" }
                == ["IMG_1234.HEIC false", "IMG_E1234.JPG true"])
        #expect(try library.catalog.resources(ofAsset: assets[0].id).map(\.type) == [.photo, .adjustmentData])

        try FileManager.default.moveItem(at: away, to: edited)
        try library.ingest([root])
        #expect(try resources(library) == Self.still)
    }

    @Test func showListsTheResourcesAndListShowsOneRow() throws {
        let (library, root) = try export("still")
        try library.ingest([root])
        let libraryPath = library.library.root.path
        let list = try ShoeboxBinary.run(["list", "--library", libraryPath])
        #expect(list.status == 0)
        #expect(list.output.split(separator: "\n").count == 1 && list.output.contains("IMG_E1234.JPG"))
        let show = try ShoeboxBinary.run(["show", root.appendingPathComponent("IMG_1234.HEIC").path, "--library", libraryPath])
        #expect(show.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        let listed = try #require(json["resources"] as? [[String: Any]])
        #expect(listed.map { "\($0["type"]!) \(URL(fileURLWithPath: $0["path"] as! String).lastPathComponent) \($0["size"]!)" }
                == Self.still)
    }
}
