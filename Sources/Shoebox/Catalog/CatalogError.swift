/// Why the catalog could not be opened or written.
public enum CatalogError: Error, CustomStringConvertible {
    case newerSchema(path: String, found: Int, supported: Int)
    /// A catalog opened to read only has a schema older than this Shoebox's: upgrading it
    /// is writing, which a command that writes does.
    case olderSchema(path: String, found: Int, current: Int)
    /// A catalog opened to read only was asked to write.
    case readOnly(path: String)
    case sqlite(SQLiteError)
    case notFound(String)

    public var description: String {
        switch self {
        case let .newerSchema(path, found, supported):
            return "\(path) has catalog schema \(found); this Shoebox reads up to \(supported)"
        case let .olderSchema(path, found, current):
            return "\(path) has catalog schema \(found), older than this Shoebox's \(current): reading it needs an upgrade, "
                + "which only a command that can write the library makes (shoebox ingest)"
        case let .readOnly(path): return "\(path) was opened to read only"
        case let .sqlite(error): return "catalog: \(error)"
        case let .notFound(what): return "no asset \(what) in the catalog"
        }
    }
}
