import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// An iPhone export of an edited photo (`IMG_1234.HEIC`, `IMG_E1234.JPG`, `IMG_1234.AAE`, and
/// for a Live Photo `IMG_1234.MOV`, `IMG_E1234.MOV`) is one asset, shown as its edited
/// rendition, with every file listed as one of its resources.
@Suite struct EditedVariantTests {
    /// The files of an export, by name, made from samples: a still's original (`photo.heic`,
    /// 480x320) and its edit (`tall.jpg`, 60x600); a Live Photo's still and video (the
    /// `live/by-name` pair), its edited still (`tall.jpg`) and edited video (a 6 s clip, which
    /// would not pair on its own); each with adjustment data written here.
    static let exports: [String: [String: String?]] = [
        "still": ["IMG_1234.HEIC": "photo.heic", "IMG_E1234.JPG": "tall.jpg", "IMG_1234.AAE": nil],
        "live": ["IMG_5678.JPG": "live/by-name/IMG_0002.jpg", "IMG_5678.MOV": "live/by-name/IMG_0002.MOV",
                 "IMG_E5678.JPG": "tall.jpg", "IMG_E5678.MOV": "live/decoy/IMG_0003.mov", "IMG_5678.AAE": nil],
    ]

    /// Apple's adjustment data is a property list; this one is 334 bytes.
    static let adjustmentData = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>adjustmentFormatIdentifier</key>
        \t<string>com.apple.photo</string>
        \t<key>adjustmentFormatVersion</key>
        \t<string>1.5</string>
        \t<key>adjustmentData</key>
        \t<data>eyJjcm9wIjp0cnVlfQ==</data>
        \t<key>adjustmentBaseVersion</key>
        \t<integer>0</integer>
        </dict>
        </plist>

        """

    /// Writes the export's file `name` into `folder`.
    static func place(_ name: String, of export: String, in folder: URL) throws {
        let destination = folder.appendingPathComponent(name)
        if let sample = exports[export]?[name] ?? nil {
            try FileManager.default.copyItem(at: Fixtures.sample(sample), to: destination)
        } else {
            try Data(adjustmentData.utf8).write(to: destination)
        }
    }

    /// The export `name` in `root/` of a new library.
    func export(_ name: String) throws -> (library: TestLibrary, root: URL) {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        for file in Self.exports[name]!.keys { try Self.place(file, of: name, in: root) }
        return (library, root)
    }

    /// The resources of the one listed asset, as (type, file name, size).
    func resources(_ library: TestLibrary) throws -> [String] {
        let assets = try library.assets()
        try #require(assets.count == 1, "one asset, not \(assets.map(\.path))")
        return try library.catalog.resources(ofAsset: assets[0].id).map {
            "\($0.type.rawValue) \(URL(fileURLWithPath: $0.path).lastPathComponent) \($0.fileSize)"
        }
    }

    static let still = ["photo IMG_1234.HEIC 3483", "fullSizePhoto IMG_E1234.JPG 1807", "adjustmentData IMG_1234.AAE 334"]
    static let live = ["photo IMG_5678.JPG 1322", "fullSizePhoto IMG_E5678.JPG 1807", "pairedVideo IMG_5678.MOV 21713",
                       "fullSizePairedVideo IMG_E5678.MOV 66511", "adjustmentData IMG_5678.AAE 334"]

    @Test func anEditedPhotoIsOneAssetShownAsItsEditedRendition() throws {
        let (library, root) = try export("still")
        let summary = try library.ingest([root])
        #expect(summary.ingested == 2 && summary.skipped == 1)
        let assets = try library.assets()
        #expect(assets.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["IMG_E1234.JPG"])
        let shown = try #require(assets.first)
        #expect(shown.kind == .photo && shown.width == 60 && shown.height == 600)
        #expect(shown.metadata.takenAt == "2024-06-02T09:15:00")
        #expect(shown.thumbnails.map { "\($0.width)x\($0.height)" } == ["60x600", "60x600"])   // the HEIC's would be 256x171 and 480x320
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
        #expect(assets.first?.kind == .livePhoto && assets.first?.subtypes == [.live] && assets.first?.width == 60)
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
            try Self.place(name, of: "still", in: root)
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

    /// With its original video gone, the Live Photo comes apart as pairing says: the edit is
    /// shown as a photo, the edited video as the video it is, the gone one as a missing video.
    @Test func anEditedLivePhotoWhoseVideoGoesMissingComesApart() throws {
        let (library, root) = try export("live")
        try library.ingest([root])
        let away = library.folder.url.appendingPathComponent("IMG_5678.MOV")
        try FileManager.default.moveItem(at: root.appendingPathComponent("IMG_5678.MOV"), to: away)
        try library.ingest([root])
        #expect(try library.assets().map { "\(URL(fileURLWithPath: $0.path).lastPathComponent) \($0.kind.rawValue) \($0.missing)" }
                == ["IMG_5678.MOV video true", "IMG_E5678.JPG photo false", "IMG_E5678.MOV video false"])

        try FileManager.default.moveItem(at: away, to: root.appendingPathComponent("IMG_5678.MOV"))
        try library.ingest([root])
        #expect(try resources(library) == Self.live)
        #expect(try library.assets().first?.kind == .livePhoto)
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
