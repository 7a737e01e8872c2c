import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `PGResult.integer`, which reads an integer column's bytes in place, reads what
/// `Int64(String)` reads (what `int64` did before) and rejects what it rejects; no server needed.
@Suite struct PGResultIntegerTests {
    @Test(arguments: [("0", 0), ("42", 42), ("-7", -7), ("+5", 5), ("007", 7),
                      ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min)] as [(String, Int64)])
    func decimalIntegersAreRead(text: String, expected: Int64) {
        #expect(integer(text) == expected)
        #expect(Int64(text) == expected)
    }

    @Test(arguments: ["", "-", "+", "1a", " 1", "1 ", "1.5", "--1", "9223372036854775808", "-9223372036854775809", "t"])
    func anythingElseIsNotAnInteger(text: String) {
        #expect(integer(text) == nil)
        #expect(Int64(text) == nil)
    }

    private func integer(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { PGResult.integer($0) }
    }
}
