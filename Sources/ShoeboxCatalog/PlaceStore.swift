/// Places: where assets with a position are, as the offline reverse geocoder names it
/// (`ReverseGeocoder`, GeoNames data), kept in the catalog so that the places collection and
/// `list --place` are queries; and the UTC offset a capture time without one gets from its
/// place's time zone.
///
/// Every backend keeps these promises (the contract tests check them):
/// - A position's place is derived once per version of the places data: an asset whose
///   position or capture time is written again (a changed file, a sidecar) is derived again.
/// - `places()` counts shown assets only, like albums; assets with no place are in none.
/// - Each write is one transaction.
public protocol PlaceStore: AnyObject, Sendable {
    /// Up to `limit` assets with a position (shown or not), after asset `after`, in id
    /// order, whose place was not derived with the places data `version`: ids, positions and
    /// capture times.
    func positionsNeedingPlaces(version: String, after: Int64, limit: Int) throws -> [PositionToPlace]
    /// Records what was derived for each asset, with the data's `version`.
    func recordPlaces(_ placed: [PlacedPosition], version: String) throws
    /// The shown assets grouped by (country, region, city), each group with its counts per
    /// kind and its newest asset; `PlaceListing.tree` makes the collection of them.
    func placeGroups() throws -> [PlaceSummary]
}

/// An asset whose place is to be derived.
public struct PositionToPlace: Equatable, Sendable {
    public var id: Int64
    public var location: GPSLocation
    public var takenAt: String?
}

/// What was derived for one asset: its place (nil: near none), and the UTC offset its
/// capture time gets from the place's time zone (nil: it has its own, or no zone is known).
public struct PlacedPosition: Equatable, Sendable {
    public var id: Int64
    public var place: Place?
    public var takenOffset: Int?

    public init(id: Int64, place: Place?, takenOffset: Int?) {
        (self.id, self.place, self.takenOffset) = (id, place, takenOffset)
    }
}
