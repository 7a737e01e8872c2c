/// One row of a `PGResult`, its columns read by name and parsed from libpq's text format.
struct PGRow {
    let result: PGResult
    let index: Int32

    func isNull(_ name: String) -> Bool { result.isNull(index, result.column(name)) }
    func text(_ name: String) -> String { result.text(index, result.column(name)) }
    func optionalText(_ name: String) -> String? { isNull(name) ? nil : text(name) }
    func int64(_ name: String) -> Int64 { Int64(text(name)) ?? 0 }
    func int(_ name: String) -> Int { Int(text(name)) ?? 0 }
    func optionalInt64(_ name: String) -> Int64? { isNull(name) ? nil : int64(name) }
    func optionalInt(_ name: String) -> Int? { isNull(name) ? nil : int(name) }
    func optionalDouble(_ name: String) -> Double? { isNull(name) ? nil : Double(text(name)) }
    /// A boolean (`t`/`f`) or an integer flag (non-zero is true).
    func bool(_ name: String) -> Bool {
        let value = text(name)
        return value == "t" || (Int(value) ?? 0) != 0
    }
}
