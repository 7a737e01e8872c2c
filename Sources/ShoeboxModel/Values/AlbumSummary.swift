/// An album as a listing shows it: how many assets of each kind, its cover, its cover images.
///
/// Counts include only the assets an album shows: catalogued without error and on disk
/// (not failed, not missing).
public struct AlbumSummary: Equatable, Sendable {
    public var album: AlbumReference
    public var counts: KindCounts
    /// The key asset: set explicitly, else the first asset of a user album or the newest by
    /// capture date of a folder album. Nil only for an empty album.
    public var coverAssetID: Int64?
    /// Whether `coverAssetID` was set with `setCover` (and still applies), not chosen by the rule.
    public var coverIsExplicit: Bool
    /// The cover images as last rendered by `CoverRenderer`, by name.
    public var covers: [CoverRecord]

    public init(album: AlbumReference, counts: KindCounts, coverAssetID: Int64?, coverIsExplicit: Bool,
                covers: [CoverRecord]) {
        self.album = album
        self.counts = counts
        self.coverAssetID = coverAssetID
        self.coverIsExplicit = coverIsExplicit
        self.covers = covers
    }

    public var count: Int { counts.total }
}
