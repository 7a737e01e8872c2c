/// Why the places data (`data/places.bin.gz`) could not be used, naming the file.
public enum PlaceDataError: Error, Equatable, CustomStringConvertible {
    /// No file in any of the places searched.
    case notFound(searched: [String])
    case unreadable(path: String, reason: String)
    /// Not a gzip stream, or it inflates past the budget.
    case notInflatable(path: String, reason: String)
    /// Not as `scripts/make-places.py` writes it; `offset` is where reading stopped (inflated).
    case malformed(path: String, offset: Int, reason: String)

    public var description: String {
        switch self {
        case let .notFound(searched):
            return "no places data (places.bin.gz) in \(searched.joined(separator: ", ")); make it with scripts/make-places.py"
        case let .unreadable(path, reason): return "cannot read the places data \(path): \(reason)"
        case let .notInflatable(path, reason): return "cannot inflate the places data \(path): \(reason)"
        case let .malformed(path, offset, reason): return "the places data \(path) is damaged at byte \(offset): \(reason)"
        }
    }
}
