/// The assets of a fetch, read lazily a page at a time, like a `PHFetchResult`.
///
/// Holding a result holds no asset: iterating a million assets keeps one page in memory.
/// Each iteration starts again from the first page.
public struct AssetFetchResult: Sendable {
    public let source: any AssetFetching
    public let options: AssetFetchOptions
    public let pageSize: Int

    init(source: any AssetFetching, options: AssetFetchOptions, pageSize: Int) {
        self.source = source
        self.options = options
        self.pageSize = max(1, pageSize)
    }

    /// Calls `body` with every asset in order; stops at the first error `body` throws.
    public func forEach(_ body: (AssetRecord) throws -> Void) throws {
        var pages = self.pages()
        while let page = try pages.next() {
            for asset in page { try body(asset) }
        }
    }

    /// The first `count` assets, read in one page.
    public func prefix(_ count: Int) throws -> [AssetRecord] {
        guard count > 0 else { return [] }
        return try source.fetchPage(options, after: nil, size: count).assets
    }

    /// How many assets of each kind the fetch holds, without reading them.
    public func counts() throws -> KindCounts {
        try source.countAssets(options)
    }

    public func pages() -> Pages {
        Pages(result: self)
    }

    /// Reads one page per `next()`.
    public struct Pages {
        let result: AssetFetchResult
        private var cursor: AssetCursor?
        private var finished = false

        init(result: AssetFetchResult) {
            self.result = result
        }

        /// The next page, or nil when the fetch is exhausted.
        public mutating func next() throws -> [AssetRecord]? {
            guard !finished else { return nil }
            let page = try result.source.fetchPage(result.options, after: cursor, size: result.pageSize)
            cursor = page.next
            finished = page.next == nil
            return page.assets.isEmpty ? nil : page.assets
        }
    }
}
