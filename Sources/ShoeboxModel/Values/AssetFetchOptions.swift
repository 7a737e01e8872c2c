/// What a fetch returns, like `PHFetchOptions`: filters, an order, and a window.
///
/// A fetch only ever returns the assets an album app shows: catalogued without error and
/// on disk (status `ok`, not `missing`). Every filter left at its default matches everything.
public struct AssetFetchOptions: Equatable, Sendable {
    /// Only these kinds; empty means every kind.
    public var kinds: Set<AssetKind> = []
    /// Only the assets of this album.
    public var album: AlbumReference?
    /// Capture date at or after this ISO 8601 prefix (`2024-05-01`, `2024-05-01T10:00`).
    /// An asset without a capture date is judged by the date it was added, as in sorting.
    public var takenSince: String?
    /// Capture date up to and including this prefix: `2024-05-31` includes that whole day.
    public var takenUntil: String?
    /// true: only assets with a GPS position; false: only those without; nil: both.
    public var hasLocation: Bool?
    /// Only assets in this place: its name as `places` lists it (a city, a region or a
    /// country), matched exactly.
    public var place: String?
    /// Only the assets of exactly this place (a place's page); nil: no such filter.
    public var placeScope: PlaceScope?
    /// Only the assets of this moment (`Moment.id`, as the catalog keeps it); nil: no such filter.
    public var moment: Int64?
    /// Every frame of each burst, not only the one that represents it (PhotoKit's
    /// `includeAllBurstAssets`; `BurstRepresentative`).
    public var includeBurstMembers = false
    /// Nil means the album's own order for an album fetch, else capture date ascending.
    public var sort: AssetSort?
    /// At most this many assets in all (nil: no limit).
    public var limit: Int?
    /// Skips this many matching assets first.
    public var offset: Int = 0

    public init(kinds: Set<AssetKind> = [], album: AlbumReference? = nil, takenSince: String? = nil,
                takenUntil: String? = nil, hasLocation: Bool? = nil, place: String? = nil, placeScope: PlaceScope? = nil,
                moment: Int64? = nil, includeBurstMembers: Bool = false, sort: AssetSort? = nil, limit: Int? = nil,
                offset: Int = 0) {
        self.includeBurstMembers = includeBurstMembers
        self.place = place
        self.placeScope = placeScope
        self.moment = moment
        self.kinds = kinds
        self.album = album
        self.takenSince = takenSince
        self.takenUntil = takenUntil
        self.hasLocation = hasLocation
        self.sort = sort
        self.limit = limit
        self.offset = offset
    }

    /// The order this fetch really uses.
    public var effectiveSort: AssetSort {
        sort ?? (album != nil ? .albumOrder : .takenAscending)
    }
}
