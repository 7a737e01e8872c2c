/// The files one asset is made of, for `shoebox show`.
///
/// Every backend keeps these promises (the contract tests check them):
/// - An asset's group (`ResourceGrouping`) answers as a whole, whichever member is asked.
/// - Order: by `AssetResourceType`, then by path.
/// - Thread safety: every method may be called from any thread.
public protocol ResourceReading: AnyObject, Sendable {
    /// The files of the asset that row `id` belongs to (its own, when it is shown), in
    /// `AssetResourceType` order then by path: a group's members and adjustment files as
    /// `ResourceGrouping` made them, or for an asset standing alone its own file and, for a
    /// Live Photo, its paired video. Empty when there is no such row. Read for `show` only,
    /// so that listings keep their fixed number of queries.
    func resources(ofAsset id: Int64) throws -> [AssetResource]
}
