/// Why the catalog could not be opened or written.
public enum CatalogError: Error, CustomStringConvertible {
    case newerSchema(path: String, found: Int, supported: Int)
    case sqlite(SQLiteError)
    case notFound(String)

    public var description: String {
        switch self {
        case let .newerSchema(path, found, supported):
            return "\(path) has catalog schema \(found); this Shoebox reads up to \(supported)"
        case let .sqlite(error): return "catalog: \(error)"
        case let .notFound(what): return "no asset \(what) in the catalog"
        }
    }
}
