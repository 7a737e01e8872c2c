/// PhotoKit-style fetches: filtered, sorted windows of the catalog, read a page at a time.
///
/// Every backend keeps these promises (the contract tests check them):
/// - Only shown assets: status `ok` and not `missing` (see `AssetFetchOptions`).
/// - A total order: the sort key, then the asset id in the same direction; assets without a
///   capture date sort (and filter) by the date they were added.
/// - Pages are cheap however deep: the next page seeks to its cursor through an index; no
///   page reads or holds more than its own assets.
/// - Pages are separate reads. A write between two pages is seen by the later page; an asset
///   whose sort key changes meanwhile may be skipped or seen twice, no other is.
/// - Counting reads no asset rows, only indexes.
/// - Thread safety: every method may be called from any thread.
public protocol AssetFetching: AnyObject, Sendable {
    /// Up to `size` assets matching `options`, after `cursor` (nil: the first page, after
    /// skipping `options.offset`), never past `options.limit` in all.
    /// Throws `AlbumError.noSuchAlbum` for a user album that does not exist.
    func fetchPage(_ options: AssetFetchOptions, after cursor: AssetCursor?, size: Int) throws -> AssetPage

    /// How many assets of each kind match `options` (its sort, limit and offset ignored).
    func countAssets(_ options: AssetFetchOptions) throws -> KindCounts
}

extension AssetFetching {
    /// A lazy fetch: nothing is read until it is iterated, then one page at a time.
    public func fetchAssets(_ options: AssetFetchOptions, pageSize: Int = 500) -> AssetFetchResult {
        AssetFetchResult(source: self, options: options, pageSize: pageSize)
    }
}
