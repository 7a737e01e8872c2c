import Foundation
import ShoeboxCatalog
import ShoeboxPlaces

/// Names the places of the catalog's positions not yet named with this places data, and gives
/// a capture time without an offset its place's (`CaptureOffset.inZone`): after each ingest,
/// so a new catalog, an old one and one whose places data changed all come out the same.
/// Reads and writes `batch` assets at a time, resuming after the last id, so that a million
/// positions never sit in memory; loads the places data only when some position needs it.
public struct PlaceIndexer {
    public static let batch = 1000
    let catalog: any PlaceStore
    let dataFile: () throws -> URL

    public init(catalog: any PlaceStore, dataFile: @escaping () throws -> URL = { try PlaceDataLocator.locate() }) {
        self.catalog = catalog
        self.dataFile = dataFile
    }

    /// Names every pending position; returns how many. Without places data, a catalog with no
    /// position has nothing to name (0); one with positions gets the data's error.
    public func update() throws -> Int {
        let url: URL
        do { url = try dataFile() } catch {
            guard try !catalog.positionsNeedingPlaces(version: "", after: 0, limit: 1).isEmpty else { return 0 }
            throw error
        }
        let version = try PlaceData.version(of: url)
        var geocoder: ReverseGeocoder?
        var after: Int64 = 0
        var named = 0
        while true {
            let pending = try catalog.positionsNeedingPlaces(version: version, after: after, limit: Self.batch)
            guard let last = pending.last else { return named }
            let coder = try geocoder ?? ReverseGeocoder(PlaceData.load(from: url))
            geocoder = coder
            try catalog.recordPlaces(pending.map { Self.placed($0, by: coder) }, version: version)
            (after, named) = (last.id, named + pending.count)
        }
    }

    static func placed(_ position: PositionToPlace, by geocoder: ReverseGeocoder) -> PlacedPosition {
        let place = geocoder.place(at: position.location)
        var offset: Int?
        if let takenAt = position.takenAt, let zone = place?.timeZone { offset = CaptureOffset.inZone(takenAt, zone: zone) }
        return PlacedPosition(id: position.id, place: place, takenOffset: offset)
    }
}
