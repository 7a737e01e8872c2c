/// Why a whole ingest stopped before its end (a file's own failure never stops it).
public enum IngestStoppedError: Error, CustomStringConvertible {
    /// The library's disk is full: nothing half-written was kept, and a run with space available
    /// finishes the job.
    case libraryFull(String)

    /// A catalog that cannot be written because its disk is full says so in the same words.
    static func fromCatalog(_ error: Error) -> Error {
        if case let .diskFull(failure)? = error as? CatalogError { return IngestStoppedError.libraryFull(failure.message) }
        return error
    }

    public var description: String {
        switch self {
        case let .libraryFull(reason):
            return "the library's disk is full (\(reason)); free some space and run the same ingest again to finish"
        }
    }
}
