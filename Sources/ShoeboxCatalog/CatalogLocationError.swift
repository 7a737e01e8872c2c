/// Why a location's text names no catalog.
public enum CatalogLocationError: Error, Equatable, CustomStringConvertible {
    case empty
    case missingPath(scheme: String)
    case unknownScheme(String)

    public var description: String {
        switch self {
        case .empty: return "an empty catalog location names no catalog"
        case let .missingPath(scheme): return "\(scheme): needs a PATH after it (sqlite:/path/to/catalog.sqlite)"
        case let .unknownScheme(scheme):
            return "unknown catalog scheme \"\(scheme)\" (known: sqlite:PATH, a plain path, postgres://, postgresql://)"
        }
    }
}
