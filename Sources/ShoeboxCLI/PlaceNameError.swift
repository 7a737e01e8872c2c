/// A place name no asset of the catalog is in.
enum PlaceNameError: Error, CustomStringConvertible {
    case noSuchPlace(String, didYouMean: String?)

    var description: String {
        switch self {
        case let .noSuchPlace(name, guess):
            return "no asset is in a place named \"\(name)\"" + (guess.map { " (did you mean \"\($0)\"? see shoebox places)" } ?? " (see shoebox places)")
        }
    }
}
