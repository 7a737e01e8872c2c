/// The SQL of one fetch: its FROM, WHERE and ORDER BY, built from `AssetFetchOptions`.
///
/// Every query names the shown assets (`ShownAssets`) as the partial indexes of the albums
/// migration do, so SQLite walks those indexes; every value is bound, never spliced into the SQL.
struct AssetFetchQuery {
    /// How the rows are ordered; the asset id breaks ties in the same direction.
    struct Order {
        var expression: String
        var ascending: Bool
        /// The key is a user album's integer position, not text.
        var isInteger: Bool
    }

    private(set) var from = "assets a"
    private(set) var conditions = [ShownAssets.condition("a")]
    private(set) var bindings: [Any?] = []
    let order: Order

    /// `userAlbumID` is the row id of `options.album` when it is a user album.
    init(_ options: AssetFetchOptions, userAlbumID: Int64?) {
        order = Self.order(options, isUserAlbum: userAlbumID != nil)
        if let userAlbumID {
            from = "album_assets m JOIN assets a ON a.id = m.asset_id"
            add("m.album_id = ?", userAlbumID)
        } else if let album = options.album {
            add("a.album_folder = ?", album.title)
        }
        if !options.kinds.isEmpty {
            let kinds = options.kinds.map(\.rawValue).sorted()
            conditions.append("a.kind IN (\(kinds.map { _ in "?" }.joined(separator: ", ")))")
            bindings.append(contentsOf: kinds as [Any?])
        }
        if let since = options.takenSince { add("a.sort_taken >= ?", since) }
        // '~' sorts after every character of an ISO 8601 time: "2024-05-31~" follows the whole day.
        if let until = options.takenUntil { add("a.sort_taken < ?", until + "~") }
        if let hasLocation = options.hasLocation {
            conditions.append(hasLocation ? "a.gps_latitude IS NOT NULL" : "a.gps_latitude IS NULL")
        }
    }

    private static func order(_ options: AssetFetchOptions, isUserAlbum: Bool) -> Order {
        let sort = options.effectiveSort
        switch sort.key {
        case .taken: return Order(expression: "a.sort_taken", ascending: sort.ascending, isInteger: false)
        case .added: return Order(expression: "a.added_at", ascending: sort.ascending, isInteger: false)
        case .name: return Order(expression: "a.file_name COLLATE NOCASE", ascending: sort.ascending, isInteger: false)
        case .album where isUserAlbum: return Order(expression: "m.position", ascending: sort.ascending, isInteger: true)
        case .album where options.album != nil:
            // A folder album's own order is newest first.
            return Order(expression: "a.sort_taken", ascending: !sort.ascending, isInteger: false)
        case .album: return Order(expression: "a.sort_taken", ascending: sort.ascending, isInteger: false)
        }
    }

    private mutating func add(_ condition: String, _ values: Any?...) {
        conditions.append(condition)
        bindings.append(contentsOf: values)
    }

    /// The ids and sort keys of one page, after `cursor`, skipping `offset` rows.
    func pageSQL(after cursor: AssetCursor?) -> (sql: String, bindings: [Any?]) {
        var whereClause = conditions
        var values = bindings
        if let cursor {
            whereClause.append("(\(order.expression), a.id) \(order.ascending ? ">" : "<") (?, ?)")
            switch cursor.key {
            case let .text(text): values.append(text)
            case let .integer(number): values.append(number)
            }
            values.append(cursor.id)
        }
        let direction = order.ascending ? "ASC" : "DESC"
        let sql = """
            SELECT a.id, \(order.expression) FROM \(from) WHERE \(whereClause.joined(separator: " AND "))
            ORDER BY \(order.expression) \(direction), a.id \(direction) LIMIT ? OFFSET ?
            """
        return (sql, values)
    }

    /// Counts per kind; reads only index entries.
    var countSQL: String {
        "SELECT a.kind, count(*) FROM \(from) WHERE \(conditions.joined(separator: " AND ")) GROUP BY a.kind"
    }
}
