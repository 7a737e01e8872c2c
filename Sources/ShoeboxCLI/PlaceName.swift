import Shoebox

/// A place a person names on the command line (`list --place lisbon`): the name of a city,
/// region or country the catalog holds, its case ignored; else a `PlaceNameError` naming the
/// nearest.
enum PlaceName {
    static func resolve(_ typed: String, in catalog: any Catalog) throws -> String {
        let names = Set(PlaceListing.tree(try catalog.placeGroups()).map(\.name))
        if names.contains(typed) { return typed }
        if let same = names.sorted().first(where: { $0.lowercased() == typed.lowercased() }) { return same }
        throw PlaceNameError.noSuchPlace(typed, didYouMean: NearestName.suggestion(for: typed, among: names.sorted()))
    }
}
