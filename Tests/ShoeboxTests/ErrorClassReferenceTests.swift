import Foundation
import Testing
@testable import Shoebox

/// docs/RELIABILITY.md's table of error classes names every `ErrorClass`, and nothing else.
@Suite struct ErrorClassReferenceTests {
    @Test func theErrorClassTableNamesEveryClassOnce() throws {
        let text = try String(contentsOf: Fixtures.repository.appendingPathComponent("docs/RELIABILITY.md"), encoding: .utf8)
        let table = text.components(separatedBy: "## Error classes\n").dropFirst().first?.components(separatedBy: "\n## ")[0] ?? ""
        let named = table.split(separator: "\n").filter { $0.hasPrefix("| `") }
            .map { String($0.dropFirst(3).prefix { $0 != "`" }) }

        #expect(named.sorted() == ErrorClass.allCases.map(\.rawValue).sorted())
    }
}
