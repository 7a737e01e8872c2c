/// The one place a backend is chosen: opens the catalog at a `CatalogLocation`.
///
/// Nothing else names a backend's type: commands, the profiler and the library's tools hold
/// a `Catalog`. A new backend is one more case in `open`'s switch.
public enum CatalogFactory {
    /// `notices` hears what the catalog has to say while it works (`CatalogNotices`).
    public static func open(_ location: CatalogLocation, for access: CatalogAccess,
                            notices: CatalogNotices = .silent) throws -> any Catalog {
        switch location {
        case let .sqlite(path):
            switch access {
            case .reading: return try SQLiteCatalog(readingOnly: path)
            case .writing: return try SQLiteCatalog(path: path)
            }
        case let .postgres(uri):
            switch access {
            case .reading: return try PostgresCatalog(readingOnly: uri, notices: notices)
            case .writing: return try PostgresCatalog(uri: uri, notices: notices)
            }
        }
    }
}
