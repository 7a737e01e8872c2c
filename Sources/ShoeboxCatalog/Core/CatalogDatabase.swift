/// What the catalog core needs of a backend: a write transaction and a read, each on a
/// connection the core runs its SQL on (`CatalogSQL`). The core's rules are written once, in
/// extensions of this protocol and in the core's own types; a backend adds only what its
/// server does differently (opening, schema, errors, the work queue).
protocol CatalogDatabase: AnyObject {
    associatedtype Connection: CatalogSQL

    /// Runs `body` in one write transaction: committed when it returns, rolled back when it
    /// throws. It may run more than once (PostgreSQL runs a transaction that lost to a
    /// concurrent one again): it must have no effect outside the database.
    func writing<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body`'s reads on the reading connection.
    func reading<T>(_ body: (Connection) throws -> T) throws -> T

    /// The columns this backend's schema derives from a file's place, and their values for
    /// `file`: `path`, `root` and `pair_key` always, and whatever else the schema keeps.
    static func placeColumns(of file: DiscoveredFile) -> CatalogPlace

    /// The recording statements for this schema's place columns, built once.
    static var recordingSQL: CatalogRecordingSQL { get }

    /// The column that orders an asset's thumbnails as they were written.
    static var thumbnailWriteOrder: String { get }
}
