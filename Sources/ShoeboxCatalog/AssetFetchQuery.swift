import Foundation

/// The SQL of one fetch, for either backend: its FROM, WHERE and ORDER BY, built from
/// `AssetFetchOptions`.
///
/// Rows are ordered by a key then the id, in one direction, which the partial indexes of the
/// shown assets (`assets_shown_*`: key, id) hold in that order, so a page is an index range
/// scan that stops when full. Every query names the shown assets (`ShownAssets`) as those
/// indexes do, and on SQLite names the index it walks (`SQLDialect.usingIndex`). Every value
/// is bound, never spliced into the SQL.
struct AssetFetchQuery {
    /// How the rows are ordered; the asset id breaks ties in the same direction.
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

    /// Where the rows come from: a user album's references (walked by position, joined to
    /// their assets: by row for pages, through the narrow covering index for counts), or the
    /// assets through one index for pages and one for counts.
    private enum Source {
        case userAlbum
        case assets(pageIndex: String, countIndex: String)
        /// No index holds the rows (burst members are not among the shown): the planner's choice.
        case allAssets
    }

    private let source: Source
    private let dialect: SQLDialect
    private(set) var conditions = [ShownAssets.condition("a")]
    private(set) var bindings: [Any?] = []
    let order: Order

    /// `userAlbumID` is the row id of `options.album` when it is a user album; `now` is the
    /// moment Recently Added counts back from.
    init(_ options: AssetFetchOptions, userAlbumID: Int64?, dialect: SQLDialect, now: Date = Date()) {
        self.dialect = dialect
        order = Self.order(options, isUserAlbum: userAlbumID != nil, dialect: dialect)
        source = Self.source(options, isUserAlbum: userAlbumID != nil)
        if Self.smartAlbum(options)?.showsHiddenAssets == true {
            conditions = [ShownAssets.healthy("a")]   // the hidden ones, which the shown leave out
        } else if options.includeBurstMembers {
            conditions = ["\(ShownAssets.healthy("a")) AND (a.hidden = 0 OR (a.burst_member = 1 AND NOT "
                          + "\(CatalogVisibility.isHiddenForMoreThanItsBurst("a"))))"]
        }
        if let userAlbumID {
            add("m.album_id = ?", userAlbumID)
        } else if let album = options.album, album.kind == .smart {
            let smart = SmartAlbumSQL(SmartAlbum(title: album.title)?.membership ?? .anyOf([]), now: now)
            conditions.append(smart.condition)
            bindings.append(contentsOf: smart.bindings)
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
        if let moment = options.moment { add("a.moment_id = ?", moment) }
        if let scope = options.placeScope {
            add("a.place_country_code = ?", scope.countryCode)
            if scope.level != .country {
                if let region = scope.region { add("a.place_region = ?", region) } else { conditions.append("a.place_region IS NULL") }
            }
            if scope.level == .city {
                if let city = scope.city { add("a.place_city = ?", city) } else { conditions.append("a.place_city IS NULL") }
            }
        }
        if let place = options.place {
            add("(a.place_city = ? OR a.place_region = ? OR a.place_country = ?)", place, place, place)
        }
        if let hasLocation = options.hasLocation {
            conditions.append(hasLocation ? "a.gps_latitude IS NOT NULL" : "a.gps_latitude IS NULL")
        }
    }

    private static func order(_ options: AssetFetchOptions, isUserAlbum: Bool, dialect: SQLDialect) -> Order {
        let sort = options.effectiveSort
        switch sort.key {
        case .taken: return Order(expression: "a.sort_taken", ascending: sort.ascending, isInteger: false)
        case .added: return Order(expression: "a.added_at", ascending: sort.ascending, isInteger: false)
        case .name: return Order(expression: dialect.caseFolded("a.file_name"), ascending: sort.ascending, isInteger: false)
        case .album where isUserAlbum: return Order(expression: "m.position", ascending: sort.ascending, isInteger: true)
        case .album where isRecentlyAdded(options):
            // Recently Added's own order is the last added first, as PhotoKit's.
            return Order(expression: "a.added_at", ascending: !sort.ascending, isInteger: false)
        case .album where options.album != nil:
            // A folder album's own order is newest first.
            return Order(expression: "a.sort_taken", ascending: !sort.ascending, isInteger: false)
        case .album: return Order(expression: "a.sort_taken", ascending: sort.ascending, isInteger: false)
        }
    }

    /// For pages, the index that yields rows already in order (key, then id), whose walk stops
    /// once the page is full: a folder album's, the single kind's (by capture date), else the
    /// sort key's. For counts, the one that also holds kind, capture date and location.
    private static func source(_ options: AssetFetchOptions, isUserAlbum: Bool) -> Source {
        if isUserAlbum { return .userAlbum }
        if smartAlbum(options)?.showsHiddenAssets == true {
            return .assets(pageIndex: "assets_hidden_mark", countIndex: "assets_hidden_mark")
        }
        if options.includeBurstMembers { return .allAssets }
        if let album = options.album, album.kind == .folder {
            return .assets(pageIndex: "assets_shown_folder", countIndex: "assets_shown_folder_dates")
        }
        let page: String
        switch options.effectiveSort.key {
        case .album where isRecentlyAdded(options): page = "assets_shown_added"
        case .taken, .album: page = options.kinds.count == 1 ? "assets_shown_kind" : "assets_shown_taken"
        case .added: page = "assets_shown_added"
        case .name: page = "assets_shown_name"
        }
        return .assets(pageIndex: page, countIndex: "assets_shown_counts")
    }

    private static func isRecentlyAdded(_ options: AssetFetchOptions) -> Bool {
        smartAlbum(options) == .recentlyAdded
    }

    private static func smartAlbum(_ options: AssetFetchOptions) -> SmartAlbum? {
        options.album.flatMap { $0.kind == .smart ? SmartAlbum(title: $0.title) : nil }
    }

    private func from(counting: Bool) -> String {
        switch source {
        case .userAlbum:
            let index = counting ? dialect.usingIndex("assets_shown_members") : ""
            return "album_assets m \(dialect.joinInWrittenOrder) assets a\(index) ON a.id = m.asset_id"
        case let .assets(page, count): return "assets a\(dialect.usingIndex(counting ? count : page))"
        case .allAssets: return "assets a"
        }
    }

    private mutating func add(_ condition: String, _ values: Any?...) {
        conditions.append(condition)
        bindings.append(contentsOf: values)
    }

    /// The ids (`id`) and sort keys (`sort_key`) of one page after `cursor`; its last two
    /// values are the LIMIT and the OFFSET, which the caller appends.
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
            SELECT a.id AS id, \(order.expression) AS sort_key FROM \(from(counting: false))
            WHERE \(whereClause.joined(separator: " AND ")) ORDER BY \(order.orderBy) LIMIT ? OFFSET ?
            """
        return (sql, values)
    }

    /// Counts per kind (`kind`, `n`); on SQLite reads only index entries.
    var countSQL: String {
        "SELECT a.kind AS kind, count(*) AS n FROM \(from(counting: true)) WHERE \(conditions.joined(separator: " AND ")) GROUP BY a.kind"
    }
}
