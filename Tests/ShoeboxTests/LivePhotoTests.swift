import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxModel

/// A Live Photo is one asset: the still, with its video as a paired resource.
@Suite struct LivePhotoTests {
    func visible(_ library: TestLibrary) throws -> [String: AssetRecord] {
        Dictionary(uniqueKeysWithValues: try library.assets().map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
    }

    @Test func aStillAndItsVideoPairByContentIdentifierWhateverTheirNames() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("live/with-id")])
        let assets = try visible(library)
        #expect(assets.keys.sorted() == ["IMG_0001.JPG"])
        let live = try #require(assets["IMG_0001.JPG"])
        #expect(live.kind == .livePhoto && live.pairing == .identifier)
        #expect(live.pairedVideoPath == Fixtures.sample("live/with-id/clip-0001.MOV").path)
        #expect(live.details.contentIdentifier == "6F0C1E2A-7B3D-4C5E-8F90-A1B2C3D4E5F6")
        #expect(live.details.durationSeconds == 2)
        #expect(live.subtypes == [.live])
    }

    @Test func withoutIdentifiersAShortVideoOfTheSameNamePairs() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("live/by-name")])
        let assets = try visible(library)
        #expect(assets.keys.sorted() == ["IMG_0002.jpg"])
        #expect(assets["IMG_0002.jpg"]?.kind == .livePhoto && assets["IMG_0002.jpg"]?.pairing == .name)
    }

    @Test func aLongVideoOrDifferentIdentifiersNeverPair() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("live/decoy")])
        let assets = try visible(library)
        #expect(assets.keys.sorted() == ["IMG_0003.jpg", "IMG_0003.mov", "IMG_0004.jpg", "IMG_0004.mov"])
        #expect(assets.values.allSatisfy { $0.pairing == nil && $0.kind != .livePhoto })
        #expect(assets["IMG_0003.mov"]?.kind == .video && assets["IMG_0004.mov"]?.kind == .video)
    }

    @Test(arguments: [true, false])
    func pairingDoesNotDependOnOrderNorOnOneRun(stillFirst: Bool) throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("root")
        let files = ["IMG_0001.JPG", "clip-0001.MOV"]
        let (first, second) = stillFirst ? (files[0], files[1]) : (files[1], files[0])
        try FileManager.default.copyItem(at: Fixtures.sample("live/with-id/\(first)"), to: root.appendingPathComponent(first))
        try library.ingest([root])
        #expect(try library.assets().count == 1)
        try FileManager.default.copyItem(at: Fixtures.sample("live/with-id/\(second)"), to: root.appendingPathComponent(second))
        let summary = try library.ingest([root])
        #expect(summary.ingested == 1 && summary.unchanged == 1)
        let assets = try library.assets()
        #expect(assets.map(\.kind) == [.livePhoto])
        #expect(assets.first?.pairedVideoPath == root.appendingPathComponent("clip-0001.MOV").path)
        let third = try library.ingest([root])
        #expect(third.unchanged == 2 && third.ingested == 0)
        #expect(try library.assets().count == 1)
    }

    /// A copy of a sample pair (`live/with-id` or `live/by-name`) in `root/` of a new library.
    func pair(_ sample: String) throws -> (library: TestLibrary, root: URL, still: URL, video: URL) {
        let library = try TestLibrary()
        let files = try FileManager.default.contentsOfDirectory(at: Fixtures.sample(sample), includingPropertiesForKeys: nil)
        let root = try library.folder.folder("root", copying: files)
        let named = { (ext: String) in try #require(files.first { $0.pathExtension.lowercased() == ext }).lastPathComponent }
        return (library, root, root.appendingPathComponent(try named("jpg")), root.appendingPathComponent(try named("mov")))
    }

    @Test(arguments: ["live/with-id", "live/by-name"])
    func aLivePhotoWhoseVideoGoesMissingIsAPhotoUntilTheVideoReturns(sample: String) throws {
        let (library, root, still, video) = try pair(sample)
        let away = library.folder.url.appendingPathComponent(video.lastPathComponent)
        try library.ingest([root])
        let live = try #require(try library.asset(at: still))
        let clip = try #require(try library.asset(at: video))
        #expect(live.kind == .livePhoto && clip.isPairedVideo)

        try FileManager.default.moveItem(at: video, to: away)
        let gone = try library.ingest([root])
        #expect(gone.missing == 1)
        let assets = try visible(library)
        #expect(assets.keys.sorted() == [still.lastPathComponent, video.lastPathComponent].sorted())
        let photo = try #require(assets[still.lastPathComponent])
        #expect(photo.id == live.id && photo.kind == .photo && !photo.missing)
        #expect(photo.pairing == nil && photo.pairedAssetID == nil && photo.pairedVideoPath == nil && photo.subtypes == [])
        let missing = try #require(assets[video.lastPathComponent])
        #expect(missing.id == clip.id && missing.kind == .video && missing.missing && missing.status == .ok)
        #expect(missing.pairing == nil && missing.pairedAssetID == nil && !missing.isPairedVideo)

        try FileManager.default.moveItem(at: away, to: video)
        let back = try library.ingest([root])
        #expect(back.unchanged == 2 && back.ingested == 0 && back.missing == 0)
        #expect(try library.assets().map(\.id) == [live.id])
        let again = try #require(try library.asset(at: still))
        #expect(again.kind == .livePhoto && again.pairing == live.pairing && again.pairedAssetID == clip.id)
        #expect(again.pairedVideoPath == video.path && again.subtypes == [.live])
        let returned = try #require(try library.asset(at: video))
        #expect(returned.id == clip.id && !returned.missing && returned.isPairedVideo && returned.pairedAssetID == live.id)
    }

    @Test func aLivePhotoWhoseStillGoesMissingLeavesItsVideoShownUntilTheStillReturns() throws {
        let (library, root, still, video) = try pair("live/with-id")
        let away = library.folder.url.appendingPathComponent(still.lastPathComponent)
        try library.ingest([root])
        let live = try #require(try library.asset(at: still))

        try FileManager.default.moveItem(at: still, to: away)
        try library.ingest([root])
        let assets = try visible(library)
        #expect(assets[still.lastPathComponent]?.missing == true && assets[still.lastPathComponent]?.kind == .photo)
        #expect(assets[video.lastPathComponent]?.kind == .video && assets[video.lastPathComponent]?.missing == false)

        try FileManager.default.moveItem(at: away, to: still)
        try library.ingest([root])
        let again = try library.assets()
        #expect(again.map(\.id) == [live.id] && again.first?.kind == .livePhoto && again.first?.pairedVideoPath == video.path)
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func aRealIPhoneLivePhotoStillCarriesItsIdentifier() throws {
        let library = try TestLibrary()
        let still = Fixtures.corpus("exif-samples/heic/IMG_5195.HEIC")
        try library.ingest([still])
        let asset = try #require(try library.asset(at: still))
        #expect(asset.details.contentIdentifier == "570F1469-09C7-4E50-9875-05F21D5BD166")
        #expect(asset.kind == .photo)   // its video is not in the corpus, so nothing pairs it
    }
}

/// The pairing rule itself, case by case.
@Suite struct LivePhotoPairingRuleTests {
    let rules = LivePhotoRules(maxVideoSeconds: 3.5, maxCaptureGapSeconds: 5)

    func facts(_ id: String?, key: String = "/photos/img_1", seconds: Double? = 2, at time: String? = nil) -> LivePhotoPairing.Facts {
        LivePhotoPairing.Facts(contentIdentifier: id, pairKey: key, durationSeconds: seconds, captureTime: time)
    }

    @Test func theRuleCaseByCase() {
        let pair = { (still: LivePhotoPairing.Facts, video: LivePhotoPairing.Facts) in
            LivePhotoPairing.method(still: still, video: video, rules: self.rules)
        }
        #expect(pair(facts("A", key: "/x/a"), facts("a", key: "/y/b", seconds: 60)) == .identifier)
        #expect(pair(facts("A"), facts("B")) == nil)
        #expect(pair(facts("A"), facts(nil)) == nil)
        #expect(pair(facts(nil), facts(nil)) == .name)
        #expect(pair(facts(nil), facts(nil, seconds: 3.5)) == .name)
        #expect(pair(facts(nil), facts(nil, seconds: 3.6)) == nil)
        #expect(pair(facts(nil), facts(nil, seconds: nil)) == nil)
        #expect(pair(facts(nil), facts(nil, key: "/photos/img_2")) == nil)
        #expect(pair(facts(nil, at: "2024-05-11T09:00:00"), facts(nil, at: "2024-05-11T09:00:04+02:00")) == .name)
        #expect(pair(facts(nil, at: "2024-05-11T09:00:00+02:00"), facts(nil, at: "2024-05-11T07:00:04Z")) == .name)
        #expect(pair(facts(nil, at: "2024-05-11T09:00:00+02:00"), facts(nil, at: "2024-05-11T09:00:04Z")) == nil)
        #expect(pair(facts(nil, at: "2024-05-11T09:00:00"), facts(nil, at: "2024-05-11T09:01:00")) == nil)
    }

    @Test func namesPairCaseInsensitivelyInOneFolder() {
        #expect(LivePhotoPairing.pairKey(forPath: "/a/B/IMG_0002.JPG") == LivePhotoPairing.pairKey(forPath: "/a/B/img_0002.mov"))
        #expect(LivePhotoPairing.pairKey(forPath: "/a/B/IMG_0002.JPG") != LivePhotoPairing.pairKey(forPath: "/a/C/IMG_0002.MOV"))
    }
}
