/// The columns that follow a file's place (its path): written together whenever the path is,
/// so that nothing derived from a path is left behind by a move. Which columns a backend's
/// schema keeps is its own (`CatalogDatabase.placeColumns`); the rule that they move together
/// is the core's.
struct CatalogPlace {
    var columns: [String]
    var values: [Any?]

    /// `column = ?, ...` for an UPDATE, in the order of `values`.
    var assignments: String { columns.map { "\($0) = ?" }.joined(separator: ", ") }
}
