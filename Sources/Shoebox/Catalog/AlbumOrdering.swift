/// The album rules every backend shares, in Swift so that SQLite and PostgreSQL order and
/// edit albums alike (the contract suites run both): how `albums()` sorts its listing, and
/// how a user album's order changes when assets are moved within it.
enum AlbumOrdering {
    /// Count desc, then title, then user albums before folder albums of the same title.
    static func listing(_ a: AlbumSummary, _ b: AlbumSummary) -> Bool {
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
