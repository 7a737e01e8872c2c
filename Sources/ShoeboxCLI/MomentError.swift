/// A moment id no moment of the catalog has.
enum MomentError: Error, CustomStringConvertible {
    case noSuchMoment(Int64)

    var description: String {
        switch self {
        case let .noSuchMoment(id): return "no moment \(id) (see shoebox moments)"
        }
    }
}
