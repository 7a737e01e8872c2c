import Foundation
import Testing
@testable import Shoebox

/// `MomentReading` on every backend: every shown asset, with what moments are cut by.
@Suite struct MomentReadingContractTests {
    @Test(arguments: CatalogBackend.all) func everyShownAssetIsACandidateWithItsTimePlaceAndOffset(backend: CatalogBackend) throws {
        let f = try AlbumFixture(backend)
        _ = try PlaceIndexer(catalog: f.catalog).update()
        let candidates = try f.catalog.momentCandidates().sorted { $0.id < $1.id }
        #expect(candidates.map(\.id) == f.ids(1, 2, 3, 4, 5), "rows 6 (failed) and 7 (missing) are not shown")
        let eiffel = candidates[0]
        #expect(eiffel.takenAt == "2024-05-02T10:00:00" && eiffel.offset == 7200 && eiffel.place?.city == "Paris")
        #expect(eiffel.location == GPSLocation(latitude: 48.8584, longitude: 2.2945))
        #expect(candidates[3].takenAt.hasSuffix("Z"), "row 4 has no capture time: the date it was added")
        #expect(candidates[4].kind == .video && candidates[4].offset == nil && candidates[4].place == nil)
        #expect(MomentClustering.moments(candidates).map(\.assetIDs) == [[f[3]], [f[2]], [f[1]], [f[5]], [f[4]]], "a day or more apart each")
    }
}
