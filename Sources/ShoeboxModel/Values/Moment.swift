/// PhotoKit's moment (`PHAssetCollectionTypeMoment`): the assets of one event, cut from the
/// library by time and place (`MomentClustering`).
public struct Moment: Equatable, Sendable {
    /// The smallest asset id among its assets: the same after a re-ingest that changed
    /// nothing, and kept when assets are added to it (new assets get larger ids) or when it
    /// absorbs another moment (the smaller id goes on).
    public var id: Int64
    /// The first and last capture times, as written.
    public var start: String
    public var end: String
    /// The first and last assets' instants (seconds since 1970 UTC), which order moments and
    /// tell which of them a new asset may touch.
    public var startInstant: Double
    public var endInstant: Double
    public var counts: KindCounts
    /// Its newest asset.
    public var coverAssetID: Int64
    /// Where it was, or when: "Lisbon, Portugal", "Lisbon and Sintra", "Saturday 3 May 2025".
    public var title: String

    public init(id: Int64, start: String, end: String, startInstant: Double, endInstant: Double, counts: KindCounts,
                coverAssetID: Int64, title: String) {
        (self.id, self.start, self.end, self.startInstant, self.endInstant) = (id, start, end, startInstant, endInstant)
        (self.counts, self.coverAssetID, self.title) = (counts, coverAssetID, title)
    }

    public var count: Int { counts.total }
}
