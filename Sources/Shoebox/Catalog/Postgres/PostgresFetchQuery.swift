/// The SQL of one fetch on the PostgreSQL catalog: its FROM, WHERE and ORDER BY, built from
/// `AssetFetchOptions` as `AssetFetchQuery` builds SQLite's, with `$n` parameters.
///
/// Rows are ordered by a key then the id, in one direction, which the partial indexes of
/// `PostgresSchema` hold in that order (`assets_shown_*`: key, id), so a page is an index
/// range scan that stops when full. Names sort by `lower(file_name)` under the "C" collation:
/// ASCII letters folded, other bytes as they are, as SQLite's NOCASE does. Every value is
/// bound, never spliced into the SQL.
struct PostgresFetchQuery {
    struct Order {
        var expression: String
        var ascending: Bool
        /// The key is a user album's integer position, not text.
        var isInteger: Bool

        /// `ASC` or `DESC`, as SQL spells the order's direction.
        var direction: String { ascending ? "ASC" : "DESC" }

        /// The ORDER BY list: the key, then the id, both in the order's direction. Pages and
        /// the album listings' first assets sort by this one text, so they agree.
        var orderBy: String { "\(expression) \(direction), a.id \(direction)" }
    }

    static let shown = "a.status = 'ok' AND a.missing = 0 AND a.hidden = 0"

    private let isUserAlbum: Bool
    private(set) var conditions = [shown]
    private(set) var bindings: [Any?] = []
    let order: Order

    /// `userAlbumID` is the row id of `options.album` when it is a user album.
    init(_ options: AssetFetchOptions, userAlbumID: Int64?) {
        isUserAlbum = userAlbumID != nil
        order = Self.order(options, isUserAlbum: userAlbumID != nil)
        if let userAlbumID {
            add("m.album_id = ?", userAlbumID)
        } else if let album = options.album {
            add("a.album_folder = ?", album.title)
        }
        if !options.kinds.isEmpty {
            let kinds = options.kinds.map(\.rawValue).sorted()
            conditions.append("a.kind IN (\(kinds.map { _ in "?" }.joined(separator: ", ")))")
            bindings.append(contentsOf: kinds as [Any?])
        }
        let dates = CaptureDateBounds(options)
        if let lower = dates.lower { add("a.sort_taken >= ?", lower) }
        if let upper = dates.upperExclusive { add("a.sort_taken < ?", upper) }
        if let hasLocation = options.hasLocation {
            conditions.append(hasLocation ? "a.gps_latitude IS NOT NULL" : "a.gps_latitude IS NULL")
        }
    }

    private static func order(_ options: AssetFetchOptions, isUserAlbum: Bool) -> Order {
        let sort = options.effectiveSort
        switch sort.key {
        case .taken: return Order(expression: "a.sort_taken", ascending: sort.ascending, isInteger: false)
        case .added: return Order(expression: "a.added_at", ascending: sort.ascending, isInteger: false)
        case .name: return Order(expression: "lower(a.file_name)", ascending: sort.ascending, isInteger: false)
        case .album where isUserAlbum: return Order(expression: "m.position", ascending: sort.ascending, isInteger: true)
        case .album where options.album != nil:
            // A folder album's own order is newest first.
            return Order(expression: "a.sort_taken", ascending: !sort.ascending, isInteger: false)
        case .album: return Order(expression: "a.sort_taken", ascending: sort.ascending, isInteger: false)
        }
    }

    private var from: String {
        isUserAlbum ? "album_assets m JOIN assets a ON a.id = m.asset_id" : "assets a"
    }

    private mutating func add(_ condition: String, _ value: Any?) {
        conditions.append(condition)
        bindings.append(value)
    }

    /// The ids (`id`) and sort keys (`sort_key`) of one page after `cursor`; its last two
    /// parameters are the LIMIT and the OFFSET, which the caller appends.
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
        let sql = """
            SELECT a.id AS id, \(order.expression) AS sort_key FROM \(from) WHERE \(whereClause.joined(separator: " AND "))
            ORDER BY \(order.orderBy) LIMIT ? OFFSET ?
            """
        return (Self.numbered(sql), values)
    }

    /// Counts per kind (`kind`, `n`).
    var countSQL: String {
        Self.numbered("SELECT a.kind AS kind, count(*) AS n FROM \(from) WHERE \(conditions.joined(separator: " AND ")) GROUP BY a.kind")
    }

    /// `sql` with its `?` placeholders written `$1`, `$2`... in order (no `?` appears otherwise).
    static func numbered(_ sql: String) -> String {
        var number = 0
        return sql.split(separator: "?", omittingEmptySubsequences: false).enumerated().map { index, part in
            guard index > 0 else { return String(part) }
            number += 1
            return "$\(number)" + part
        }.joined()
    }
}
