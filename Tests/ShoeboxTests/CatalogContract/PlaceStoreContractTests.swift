import Foundation
import Testing
@testable import Shoebox
import ShoeboxPlaces

/// The promises of `PlaceStore` (see its doc comment) on every backend, through the
/// `PlaceIndexer` an ingest runs and the committed GeoNames data.
@Suite struct PlaceStoreContractTests {
    /// Rows with positions in Lisbon, Sintra, Paris and the open Atlantic, one failed.
    struct Trip {
        let f: AlbumFixture
        var ids: [String: Int64] = [:]
        var catalog: any Catalog { f.catalog }

        static let rows: [(String, Double, Double, String?)] = [
            ("lisbon-1.jpg", 38.7223, -9.1393, "2024-07-01T10:00:00"),      // summer: +01:00
            ("lisbon-2.jpg", 38.7100, -9.1400, "2024-12-01T10:00:00+05:00"), // its own offset wins
            ("sintra.jpg", 38.7979, -9.3880, "2024-07-02T11:00:00"),
            ("eiffel.jpg", 48.8584, 2.2945, "2024-01-15T09:00:00"),          // winter: +01:00
            ("atlantic.jpg", 30.0, -40.0, "2024-07-05T12:00:00"),            // no place at all
        ]

        init(_ backend: CatalogBackend) throws {
            f = try AlbumFixture(backend)
            let run = try f.catalog.beginRun(roots: ["/photos"])
            for (name, latitude, longitude, taken) in Self.rows {
                var draft = AlbumFixture.draft("/photos/trip/\(name)", takenAt: taken)
                draft.metadata.location = GPSLocation(latitude: latitude, longitude: longitude)
                ids[name] = try f.catalog.record(draft, run: run)
            }
        }

        subscript(_ name: String) -> Int64 { ids[name]! }
        func asset(_ name: String) throws -> AssetRecord { try #require(try catalog.asset(id: self[name])) }
    }

    /// The fixture's row 1 (the Eiffel Tower too) and the trip's five: six positions.
    @Test(arguments: CatalogBackend.all) func anIndexerNamesEveryPositionOnceAVersion(backend: CatalogBackend) throws {
        let trip = try Trip(backend)
        #expect(try PlaceIndexer(catalog: trip.catalog).update() == 6)
        #expect(try PlaceIndexer(catalog: trip.catalog).update() == 0, "nothing left to name")
        #expect(try trip.catalog.positionsNeedingPlaces(version: "other data", after: 0, limit: 100).count == 6)
    }

    /// Without the places data, only a catalog with positions has something to say.
    @Test(arguments: CatalogBackend.all) func missingPlacesDataMattersOnlyToPositions(backend: CatalogBackend) throws {
        let missing = { () throws -> URL in throw PlaceDataError.notFound(searched: ["/nowhere/places.bin.gz"]) }
        let empty = try backend.make().catalog
        #expect(try PlaceIndexer(catalog: empty, dataFile: missing).update() == 0)
        let trip = try Trip(backend)
        #expect(throws: PlaceDataError.notFound(searched: ["/nowhere/places.bin.gz"])) {
            try PlaceIndexer(catalog: trip.catalog, dataFile: missing).update()
        }
    }

    @Test(arguments: CatalogBackend.all) func anAssetKeepsItsPlaceAndItsOffsetsSource(backend: CatalogBackend) throws {
        let trip = try Trip(backend)
        _ = try PlaceIndexer(catalog: trip.catalog).update()
        let lisbon = try trip.asset("lisbon-1.jpg")
        #expect(lisbon.place == Place(city: "Lisbon", region: "Lisbon", country: "Portugal", countryCode: "PT", timeZone: "Europe/Lisbon"))
        #expect(lisbon.takenOffset == 3600 && lisbon.takenOffsetSource == .position)
        let own = try trip.asset("lisbon-2.jpg")
        #expect(own.takenOffset == 5 * 3600 && own.takenOffsetSource == .file, "a file's own offset always wins")
        #expect(try trip.asset("eiffel.jpg").takenOffset == 3600)
        let sea = try trip.asset("atlantic.jpg")
        #expect(sea.place == nil && sea.takenOffset == nil)
    }

    /// A changed file is named again: its position may have moved.
    @Test(arguments: CatalogBackend.all) func aRerecordedAssetIsNamedAgain(backend: CatalogBackend) throws {
        let trip = try Trip(backend)
        _ = try PlaceIndexer(catalog: trip.catalog).update()
        var moved = AlbumFixture.draft("/photos/trip/sintra.jpg", takenAt: "2024-07-02T11:00:00")
        moved.metadata.location = GPSLocation(latitude: 48.8584, longitude: 2.2945)
        #expect(try trip.catalog.record(moved, run: try trip.catalog.beginRun(roots: ["/photos"])) == trip["sintra.jpg"])
        #expect(try trip.asset("sintra.jpg").place == nil, "not named until the indexer runs")
        #expect(try PlaceIndexer(catalog: trip.catalog).update() == 1)
        #expect(try trip.asset("sintra.jpg").place?.city == "Paris")
    }

    @Test(arguments: CatalogBackend.all) func thePlacesAreATreeOfShownAssetsWithTheirNewestAsCover(backend: CatalogBackend) throws {
        let trip = try Trip(backend)
        _ = try PlaceIndexer(catalog: trip.catalog).update()
        let listed = PlaceListing.tree(try trip.catalog.placeGroups())
        #expect(listed.map { "\($0.count) \($0.level.rawValue) \($0.title)" } == [
            "3 country Portugal", "3 region Lisbon, Portugal", "2 city Lisbon, Lisbon, Portugal", "1 city Sintra, Lisbon, Portugal",
            "2 country France", "2 region Île-de-France, France", "2 city Paris, Île-de-France, France",
        ])
        #expect(listed[0].coverAssetID == trip["lisbon-2.jpg"], "December is newer than July")
        #expect(listed[4].coverAssetID == trip.f[1], "the fixture's row 1, of May 2024, is newer than the trip's January")
    }

    @Test(arguments: CatalogBackend.all) func aFetchByPlaceMatchesACityARegionOrACountry(backend: CatalogBackend) throws {
        let trip = try Trip(backend)
        _ = try PlaceIndexer(catalog: trip.catalog).update()
        #expect(try trip.f.fetched(AssetFetchOptions(place: "Sintra")) == [trip["sintra.jpg"]])
        #expect(try trip.f.fetched(AssetFetchOptions(place: "Lisbon")) == [trip["lisbon-1.jpg"], trip["sintra.jpg"], trip["lisbon-2.jpg"]])
        #expect(try trip.f.fetched(AssetFetchOptions(place: "France")) == [trip["eiffel.jpg"], trip.f[1]])
        #expect(try trip.f.fetched(AssetFetchOptions(place: "Atlantis")) == [])
    }

    /// A place's page fetches exactly that place: the city of Lisbon, not its region's Sintra.
    @Test(arguments: CatalogBackend.all) func aFetchByPlaceScopeMatchesExactlyThatPlace(backend: CatalogBackend) throws {
        let trip = try Trip(backend)
        _ = try PlaceIndexer(catalog: trip.catalog).update()
        let listed = Dictionary(uniqueKeysWithValues: PlaceListing.tree(try trip.catalog.placeGroups()).map { ($0.title, PlaceScope($0)) })
        func fetched(_ title: String) throws -> [Int64] { try trip.f.fetched(AssetFetchOptions(placeScope: try #require(listed[title]))) }
        #expect(try fetched("Lisbon, Lisbon, Portugal") == [trip["lisbon-1.jpg"], trip["lisbon-2.jpg"]])
        #expect(try fetched("Lisbon, Portugal") == [trip["lisbon-1.jpg"], trip["sintra.jpg"], trip["lisbon-2.jpg"]])
        #expect(try fetched("Portugal") == [trip["lisbon-1.jpg"], trip["sintra.jpg"], trip["lisbon-2.jpg"]])
        #expect(try fetched("Paris, Île-de-France, France") == [trip["eiffel.jpg"], trip.f[1]])
    }
}
