/// Why `shoebox status` has nothing to show.
enum StatusError: Error, CustomStringConvertible {
    /// The catalog holds no work queue: an SQLite catalog (one machine ingests into it).
    case noQueue(catalog: String)

    var description: String {
        switch self {
        case let .noQueue(catalog):
            return "\(catalog) is an SQLite catalog, which has no work queue: the queue and `status` need a PostgreSQL catalog (--catalog postgres://...)"
        }
    }
}
