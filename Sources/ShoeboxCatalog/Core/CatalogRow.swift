/// One row of a statement's answer, its columns read by name: what the catalog core reads,
/// and what both connections' rows offer (`SQLiteStatement` on its current row, `PGRow`).
///
/// A column the statement did not select is a programming error (both stop the process); a
/// NULL reads as 0 or "" unless read through an optional accessor.
protocol CatalogRow {
    func isNull(_ name: String) -> Bool
    func text(_ name: String) -> String
    func int(_ name: String) -> Int
    func int64(_ name: String) -> Int64
    func optionalDouble(_ name: String) -> Double?
}

extension CatalogRow {
    func optionalText(_ name: String) -> String? { isNull(name) ? nil : text(name) }
    func optionalInt(_ name: String) -> Int? { isNull(name) ? nil : int(name) }
    func optionalInt64(_ name: String) -> Int64? { isNull(name) ? nil : int64(name) }
    /// An integer flag (non-zero is true), as both schemas store flags.
    func flag(_ name: String) -> Bool { int(name) != 0 }
}
