/// How a command opens its catalog.
public enum CatalogAccess: Sendable {
    /// Reads only: nothing is written, a schema is not upgraded, and every write throws
    /// `CatalogError.readOnly`; for a library on read-only media, or one the user may only read.
    case reading
    /// Reads and writes, making the catalog if there is none and upgrading its schema.
    case writing
}
