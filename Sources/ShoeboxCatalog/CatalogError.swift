/// Why the catalog could not be opened, read or written: the same cases whichever backend
/// holds it, each database failure with its library's own code and message (`CatalogFailure`).
public enum CatalogError: Error, CustomStringConvertible, Equatable {
    case newerSchema(path: String, found: Int, supported: Int)
    /// A catalog opened to read only has a schema older than this Shoebox's: upgrading it
    /// is writing, which a command that writes does.
    case olderSchema(path: String, found: Int, current: Int)
    /// A catalog opened to read only was asked to write.
    case readOnly(path: String)
    case notFound(String)
    /// The disk holding the catalog is full (SQLite 13, PostgreSQL 53100): nothing half-written
    /// is kept, and a run with space available finishes the job.
    case diskFull(CatalogFailure)
    /// Another writer held the database longer than this one would wait, or a statement ran
    /// past its time limit (SQLite BUSY or LOCKED; PostgreSQL serialization failures left after
    /// the retries, 55P03, 57014).
    case busy(CatalogFailure)
    /// The database is damaged or is not a catalog (SQLite CORRUPT or NOTADB; PostgreSQL XX001, XX002).
    case corrupt(CatalogFailure)
    /// No connection could be made to the catalog's server (`target`: its location, no password).
    case cannotConnect(target: String, CatalogFailure)
    /// The connection to the server went away and did not come back within the reconnection's back-off.
    case lostConnection(CatalogFailure)
    /// Any other refusal.
    case failed(CatalogFailure)

    public var description: String {
        switch self {
        case let .newerSchema(path, found, supported):
            return "\(path) has catalog schema \(found); this Shoebox reads up to \(supported)"
        case let .olderSchema(path, found, current):
            return "\(path) has catalog schema \(found), older than this Shoebox's \(current): reading it needs an upgrade, "
                + "which only a command that can write the library makes (shoebox ingest)"
        case let .readOnly(path): return "\(path) was opened to read only"
        case let .notFound(what): return "no asset \(what) in the catalog"
        case let .diskFull(failure): return "catalog: disk full: \(failure)"
        case let .busy(failure): return "catalog: busy: \(failure)"
        case let .corrupt(failure): return "catalog: damaged: \(failure)"
        case let .cannotConnect(target, failure): return "\(failure.library.rawValue): cannot connect to \(target): \(failure.message)"
        case let .lostConnection(failure): return "\(failure.library.rawValue): connection lost: \(failure.message)"
        case let .failed(failure): return "catalog: \(failure)"
        }
    }
}
