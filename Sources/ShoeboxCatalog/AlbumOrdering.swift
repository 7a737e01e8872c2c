/// The album rules every backend shares, in Swift so that SQLite and PostgreSQL order and
/// edit albums alike (the contract suites run both): how `albums()` sorts its listing, and
/// how a user album's order changes when assets are moved within it.
enum AlbumOrdering {
    /// `summaries` in listing order: count desc, then title, then user albums before folder
    /// albums of the same title. Each album's count (a sum over its kinds) is taken once,
    /// not once per comparison, and the sort moves indexes, not summaries (each holds a
    /// dictionary and an array): a listing sorts thousands of albums (5,100: 4.0 ms sorting
    /// the summaries, 2.2 ms their indexes; docs/BENCHMARKS.md, "branch albums50c").
    static func sortedForListing(_ summaries: [AlbumSummary]) -> [AlbumSummary] {
        let keys = summaries.map { (count: $0.count, album: $0.album) }
        return summaries.indices.sorted { precedes(keys[$0], keys[$1]) }.map { summaries[$0] }
    }

    private static func precedes(_ a: (count: Int, album: AlbumReference), _ b: (count: Int, album: AlbumReference)) -> Bool {
        if a.count != b.count { return a.count > b.count }
        if a.album.title != b.album.title { return a.album.title < b.album.title }
        return a.album.kind == .user && b.album.kind == .folder
    }

    /// `order` with `ids` taken out and put back, in the order given, at `position`.
    static func moving(_ ids: [Int64], in order: [Int64], to position: Int, album: String) throws -> [Int64] {
        guard (0...order.count).contains(position) else {
            throw AlbumError.positionOutOfRange(position, album: album, count: order.count)
        }
        var seen = Set<Int64>()
        let moving = ids.filter { seen.insert($0).inserted }
        var rest = order.filter { !seen.contains($0) }
        rest.insert(contentsOf: moving, at: min(position, rest.count))
        return rest
    }
}
