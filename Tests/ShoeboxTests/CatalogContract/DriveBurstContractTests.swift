import Foundation
import Testing
@testable import Shoebox

/// Continuous-drive bursts on every backend: one camera's continuous frames in one folder are
/// cut into bursts by capture time (`ContinuousDriveRuns`), kept up to date by every record
/// and forget, and shown as any burst is (`BurstRepresentative`).
@Suite struct DriveBurstContractTests {
    struct Frames {
        let f: AlbumFixture
        var ids: [String: Int64] = [:]
        var catalog: any Catalog { f.catalog }

        init(_ backend: CatalogBackend) throws {
            f = try AlbumFixture(backend)
        }

        /// Records frames named `IMG_<model's last letter><second>.JPG`, taken that many seconds after 09:00, in
        /// continuous drive unless `single`, by `model`.
        mutating func add(_ seconds: [Double], single: Bool = false, model: String = "Canon EOS-1D Mark III",
                          folder: String = "/photos/drive") throws {
            let run = try catalog.beginRun(roots: ["/photos"])
            for second in seconds {
                let name = "\(folder)/IMG_\(model.last!)\(second).JPG"
                let time = String(format: "%02d:%05.2f", Int(second) / 60, second.truncatingRemainder(dividingBy: 60))
                var draft = AlbumFixture.draft(name, takenAt: "2024-07-01T09:" + time)
                (draft.metadata.make, draft.metadata.model) = ("Canon", model)
                draft.details.continuousDrive = single ? nil : ContinuousDrive()
                ids[name] = try catalog.record(draft, run: run)
            }
        }

        subscript(_ second: Double, model model: String = "Canon EOS-1D Mark III") -> Int64 {
            ids["/photos/drive/IMG_\(model.last!)\(second).JPG"]!
        }

        func bursts() throws -> [Int64] { try f.fetched(AssetFetchOptions(album: SmartAlbum.bursts.reference)) }
        func shown() throws -> Set<Int64> { Set(try f.fetched(AssetFetchOptions())).intersection(ids.values) }
    }

    /// Three frames a second apart make a burst shown as its first; a continuous frame ten
    /// seconds later, alone, and a single frame between are photos like any other.
    @Test(arguments: CatalogBackend.all) func continuousFramesCloseInTimeAreABurst(backend: CatalogBackend) throws {
        var d = try Frames(backend)
        try d.add([1, 2, 3, 13])
        try d.add([8], single: true)
        #expect(try d.bursts() == [d[1]])
        #expect(try d.shown() == [d[1], d[13], d[8]])
        #expect(try d.catalog.summary(of: SmartAlbum.bursts.reference)?.count == 1)
        let members = try d.f.fetched(AssetFetchOptions(includeBurstMembers: true))
        #expect(members.filter { [d[1], d[2], d[3]].contains($0) } == [d[1], d[2], d[3]])
    }

    /// A frame recorded in the gap between two bursts joins them into one.
    @Test(arguments: CatalogBackend.all) func aFrameInTheGapJoinsTwoBursts(backend: CatalogBackend) throws {
        var d = try Frames(backend)
        try d.add([1, 2, 5, 6])
        #expect(try d.bursts() == [d[5], d[1]], "newest first")
        try d.add([3.5])
        #expect(try d.bursts() == [d[1]])
        #expect(try d.shown() == [d[1]])
    }

    /// Forgetting the frame that bridged a gap splits the burst again, and a frame left alone
    /// is shown as a photo.
    @Test(arguments: CatalogBackend.all) func forgettingAFrameCutsTheBurstAgain(backend: CatalogBackend) throws {
        var d = try Frames(backend)
        try d.add([1, 2, 3.5])
        #expect(try d.bursts() == [d[1]])
        _ = try d.catalog.forget(under: "/photos/drive/IMG_I2.0.JPG")
        #expect(try d.bursts() == [])
        #expect(try d.shown() == [d[1], d[3.5]])
    }

    /// Two cameras shooting side by side in one folder make a burst each.
    @Test(arguments: CatalogBackend.all) func eachCameraMakesItsOwnBursts(backend: CatalogBackend) throws {
        var d = try Frames(backend)
        try d.add([1, 2, 3])
        try d.add([1.5, 2.5], model: "Canon EOS 5D")
        #expect(Set(try d.bursts()) == [d[1], d[1.5, model: "Canon EOS 5D"]])
    }

    /// The person's pick holds across a re-ingest of every frame, which changes nothing else.
    @Test(arguments: CatalogBackend.all) func aReIngestKeepsTheBurstAndThePick(backend: CatalogBackend) throws {
        var d = try Frames(backend)
        try d.add([1, 2, 3])
        try d.catalog.pickBurstRepresentative(d[2])
        try d.add([1, 2, 3])
        #expect(try d.bursts() == [d[2]])
        #expect(try d.shown() == [d[2]])
    }

    /// A run longer than the window the catalog reads around a new frame first (half a minute
    /// either side) is still one burst, whatever the order its frames are recorded in: the
    /// window widens until no burst reaches across its edges.
    @Test(arguments: CatalogBackend.all) func aLongRunIsOneBurstWhereverItsFramesJoin(backend: CatalogBackend) throws {
        var d = try Frames(backend)
        let seconds = (0..<300).map { Double($0) * 1.5 }
        try d.add(seconds.filter { Int($0) % 2 == 0 })
        try d.add(seconds.filter { Int($0) % 2 == 1 })
        #expect(try d.bursts() == [d[0]])
        #expect(try d.shown() == [d[0]])
        try d.add([seconds.last! + 2.5])
        #expect(try d.bursts() == [d[0]], "a frame past the end joins the same burst")
    }
}
