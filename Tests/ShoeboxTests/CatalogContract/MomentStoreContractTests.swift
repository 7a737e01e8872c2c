import Foundation
import Testing
@testable import Shoebox

/// The promises of `MomentStore` (see its doc comment) on every backend: the kept moments are
/// a cut of the whole library, however it changed, and an update cuts only what changed.
@Suite struct MomentStoreContractTests {
    @Test(arguments: CatalogBackend.all) func everyShownAssetIsACandidateWithItsTimePlaceAndOffset(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        _ = try PlaceIndexer(catalog: f.catalog).update()
        let candidates = try f.catalog.momentCandidates().sorted { $0.id < $1.id }
        #expect(candidates.map(\.id) == f.ids(1, 2, 3, 4, 5), "rows 6 (failed) and 7 (missing) are not shown")
        let eiffel = candidates[0]
        #expect(eiffel.takenAt == "2024-05-02T10:00:00" && eiffel.offset == 7200 && eiffel.place?.city == "Paris")
        #expect(eiffel.location == GPSLocation(latitude: 48.8584, longitude: 2.2945))
        #expect(eiffel.instant == 1_714_636_800, "10:00 in Paris in May is 08:00 UTC")
        #expect(candidates[3].takenAt.hasSuffix("Z"), "row 4 has no capture time: the date it was added")
        #expect(candidates[4].kind == .video && candidates[4].offset == nil && candidates[4].place == nil)
    }

    /// A day or more apart each: five moments, newest first (row 4's time is the day it was added).
    @Test(arguments: CatalogBackend.all) func theKeptMomentsAreListedNewestFirst(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        _ = try PlaceIndexer(catalog: f.catalog).update()
        #expect(try f.catalog.updateMoments() == 5)
        let moments = try f.catalog.moments(startingIn: nil)
        #expect(moments.map(\.id) == f.ids(4, 5, 1, 2, 3))
        #expect(moments[2].title == "Paris, France" && moments[2].start == "2024-05-02T10:00:00" && moments[2].count == 1)
        #expect(moments[3].title == "Wednesday 1 May 2024")
        #expect(try f.catalog.moments(startingIn: "2024-05").map(\.id) == f.ids(1, 2))
        #expect(try f.catalog.moments(startingIn: "2023").map(\.id) == f.ids(3))
        #expect(try f.catalog.moment(id: f[5])?.counts == KindCounts([.video: 1]))
        #expect(try f.catalog.moment(id: AlbumFixture.noSuchID) == nil)
        #expect(try f.fetched(AssetFetchOptions(moment: f[1])) == f.ids(1))
    }

    @Test(arguments: CatalogBackend.all) func anUpdateCutsOnlyWhatChanged(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        #expect(try f.catalog.updateMoments() == 5, "every shown asset, once")
        #expect(try f.catalog.updateMoments() == 0, "nothing changed")
        let run = try f.catalog.beginRun(roots: ["/photos"])
        let added = try f.catalog.record(AlbumFixture.draft("/photos/2024/h.jpg", takenAt: "2024-05-01T12:00:00"), run: run)
        #expect(try f.catalog.updateMoments() == 2, "the new photo and row 2, three hours before it; not rows a day away")
        #expect(try f.catalog.moment(id: f[2])?.count == 2)
        #expect(try f.fetched(AssetFetchOptions(moment: f[2])) == [f[2], added])
    }

    /// The same library changed at random, round after round: new photos, times and places
    /// changed, files failing, going missing and coming back, a file moved onto another's
    /// path; after each update the kept moments are exactly those of a cut of everything.
    @Test(arguments: CatalogBackend.all) func keptMomentsStayACutOfTheWholeLibrary(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        var random = SeededGenerator.fromEnvironment(for: "keptMomentsStayACutOfTheWholeLibrary(\(backend.name))")
        var library = RandomTrips(catalog: f.catalog)
        for _ in 0..<40 { try library.add(&random) }
        for round in 0..<8 {
            for _ in 0..<(1 + random.next(below: 6)) { try library.change(&random) }
            _ = try PlaceIndexer(catalog: f.catalog).update()
            _ = try f.catalog.updateMoments()
            let expected = MomentClustering.moments(try f.catalog.momentCandidates()).sorted { $0.id < $1.id }
            let kept = try f.catalog.moments(startingIn: nil).sorted { $0.id < $1.id }
            #expect(kept == expected, "round \(round): \(library.log.joined(separator: "; "))")
            for moment in kept.prefix(5) {
                #expect(try f.fetched(AssetFetchOptions(moment: moment.id)).count == moment.count, "round \(round)")
            }
        }
    }
}

/// A library of trips made and changed at random through the catalog's own writes.
private struct RandomTrips {
    let catalog: any Catalog
    var paths: [String: Int64] = [:]
    var log: [String] = []
    var counter = 0
    static let places: [GPSLocation?] = [GPSLocation(latitude: 38.72, longitude: -9.14), GPSLocation(latitude: 38.80, longitude: -9.39),
                                         GPSLocation(latitude: 41.15, longitude: -8.61), nil, nil]

    init(catalog: any Catalog) { self.catalog = catalog }

    /// Somewhere in ten days of May 2025, to the minute; half with a position.
    func draft(_ path: String, _ random: inout SeededGenerator, existing: Int64? = nil) -> AssetDraft {
        let minutes = random.next(below: 10 * 24 * 60)
        let taken = String(format: "2025-05-%02dT%02d:%02d:00", 1 + minutes / 1440, minutes / 60 % 24, minutes % 60)
        var draft = AlbumFixture.draft(path, kind: random.next(below: 5) == 0 ? .video : .photo, takenAt: taken)
        draft.metadata.location = Self.places[random.next(below: Self.places.count)]
        draft.existingID = existing
        return draft
    }

    mutating func add(_ random: inout SeededGenerator) throws {
        counter += 1
        let path = "/photos/trips/\(counter).jpg"
        paths[path] = try catalog.record(draft(path, &random), run: catalog.beginRun(roots: ["/photos"]))
        log.append("add \(counter)")
    }

    mutating func change(_ random: inout SeededGenerator) throws {
        let path = paths.keys.sorted()[random.next(below: paths.count)], id = paths[path]!
        let run = try catalog.beginRun(roots: ["/photos/trips"])
        switch random.next(below: 5) {
        case 0: try add(&random)
        case 1:
            _ = try catalog.record(draft(path, &random, existing: id), run: run)
            log.append("retime \(path)")
        case 2:
            let failure = IngestError(.damaged, path: path, reason: "broken")
            try catalog.recordFailure(failure, file: draft(path, &random).file, contentHash: nil, existingID: id, run: run)
            log.append("fail \(path)")
        case 3:
            try catalog.markSeen(paths.values.filter { $0 != id }, run: run)
            _ = try catalog.markMissing(under: "/photos/trips", notSeenIn: run)
            log.append("missing \(path)")
        default:
            let other = paths.keys.sorted().first { $0 != path }!
            _ = try catalog.record(draft(other, &random, existing: id), run: run)
            (paths[path], paths[other]) = (nil, id)
            log.append("move \(path) onto \(other)")
        }
    }
}
