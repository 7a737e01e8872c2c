import CLibPQ

/// The rows one statement returned, in libpq's text format, read by column name (or by a
/// column's index looked up once by name, for results of many rows).
///
/// Owns its `PGresult` and frees it when the last reference goes; rows keep it alive.
final class PGResult {
    private let pointer: OpaquePointer
    let sql: String
    private lazy var columnIndexes: [String: Int32] = Dictionary(
        (0..<PQnfields(pointer)).map { (String(cString: PQfname(pointer, $0)), $0) },
        uniquingKeysWith: { first, _ in first })

    init(_ pointer: OpaquePointer, sql: String) {
        self.pointer = pointer
        self.sql = sql
    }

    deinit { PQclear(pointer) }

    var count: Int { Int(PQntuples(pointer)) }
    /// How many rows an INSERT, UPDATE or DELETE touched.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(pointer))) ?? 0 }
    var rows: [PGRow] { (0..<count).map { PGRow(result: self, index: Int32($0)) } }
    var first: PGRow? { count > 0 ? PGRow(result: self, index: 0) : nil }

    /// The index of the result column `name`; a name the SELECT does not have is a programming error.
    func column(_ name: String) -> Int32 {
        guard let index = columnIndexes[name] else { preconditionFailure("no column \(name) in: \(sql)") }
        return index
    }

    func isNull(_ row: Int32, _ column: Int32) -> Bool { PQgetisnull(pointer, row, column) != 0 }

    func text(_ row: Int32, _ column: Int32) -> String {
        guard let value = PQgetvalue(pointer, row, column) else { return "" }
        return String(cString: value)
    }

    /// An integer column, 0 when it is not one (as `PGRow.int64`). With `column(_:)` looked up
    /// once, a listing of thousands of rows reads each by index, not each column by name. Read
    /// from libpq's bytes in place, not through a `String` made for each: the album listing
    /// reads about 60,000 integers (docs/BENCHMARKS.md, "branch albums50c").
    func int64(_ row: Int32, _ column: Int32) -> Int64 {
        guard let value = PQgetvalue(pointer, row, column) else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: value, count: Int(PQgetlength(pointer, row, column)))
        return Self.integer(bytes.bindMemory(to: UInt8.self)) ?? 0
    }

    /// The decimal integer `digits` spell, as `Int64(String)` reads it (an optional sign, then
    /// only digits); nil for anything else or a value out of range.
    static func integer(_ digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in rest {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            // Accumulated negative when negative, so that Int64.min is reachable.
            let (next, overflowAdd) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowShift && !overflowAdd else { return nil }
            value = next
        }
        return value
    }

    /// The rows' indexes, for reading with `text(_:_:)` and `int64(_:_:)`.
    var rowIndexes: Range<Int32> { 0..<PQntuples(pointer) }
}
