import Foundation

/// Where a catalog lives, as `--catalog URL` or `SHOEBOX_CATALOG` gives it: which backend
/// `CatalogFactory` opens, and what it opens.
///
/// Forms (docs/CATALOG.md): `sqlite:PATH` or a plain PATH (an SQLite file; a relative path
/// is taken from the current folder), and a libpq URI `postgres://...` or `postgresql://...`
/// (kept as given, for libpq to read). Text that starts with a scheme (`name:`) names a
/// backend: a path whose first part holds a colon is written `sqlite:PATH` or `./PATH`.
public enum CatalogLocation: Equatable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(uri: String)

    public init(parsing text: String) throws(CatalogLocationError) {
        guard !text.isEmpty else { throw .empty }
        guard let scheme = Self.scheme(of: text) else {
            self = .sqlite(path: Self.absolute(text))
            return
        }
        switch scheme.lowercased() {
        case "sqlite":
            let path = String(text.dropFirst(scheme.count + 1))
            guard !path.isEmpty else { throw .missingPath(scheme: scheme) }
            self = .sqlite(path: Self.absolute(path))
        case "postgres", "postgresql":
            self = .postgres(uri: text)
        default:
            throw .unknownScheme(scheme)
        }
    }

    /// The SQLite file, for a location that is one.
    public var sqlitePath: String? {
        if case let .sqlite(path) = self { return path }
        return nil
    }

    /// Whether the catalog there holds a work queue that ingest workers share (PostgreSQL's
    /// does; an SQLite catalog is one machine's and one process's).
    public var holdsAQueue: Bool {
        if case .postgres = self { return true }
        return false
    }

    /// What messages print: the path, or the URI, with any password in them (`ConnectionSecrets`:
    /// `user:***@`, `?password=***`; a path that is really a mistyped `key=value` string too)
    /// replaced by `***`.
    public var description: String {
        switch self {
        case let .sqlite(path): return ConnectionSecrets(path).masking(path)
        case let .postgres(uri): return ConnectionSecrets(uri).masking(uri)
        }
    }

    /// `name` of a leading `name:` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    private static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon]
        guard let first = name.unicodeScalars.first, first.isASCIILetter,
              name.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return String(name)
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
