/// PhotoKit's moment (`PHAssetCollectionTypeMoment`): the assets of one event, cut from the
/// library by time and place (`MomentClustering`).
public struct Moment: Equatable, Sendable {
    /// The smallest asset id among its assets: the same after a re-ingest that changed
    /// nothing, and kept when assets are added to it (new assets get larger ids) or when it
    /// absorbs another moment (the smaller id goes on).
    public var id: Int64
    /// Its assets, in capture order.
    public var assetIDs: [Int64]
    /// The first and last capture times, as written.
    public var start: String
    public var end: String
    public var counts: KindCounts
    /// Its newest asset.
    public var coverAssetID: Int64
    /// Where it was, or when: "Lisbon, Portugal", "Lisbon and Sintra", "Saturday 3 May 2025".
    public var title: String

    public init(id: Int64, assetIDs: [Int64], start: String, end: String, counts: KindCounts, coverAssetID: Int64, title: String) {
        (self.id, self.assetIDs, self.start, self.end, self.counts) = (id, assetIDs, start, end, counts)
        (self.coverAssetID, self.title) = (coverAssetID, title)
    }

    public var count: Int { assetIDs.count }
}
