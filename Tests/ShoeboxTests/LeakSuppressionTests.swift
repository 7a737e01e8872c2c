import Foundation
import Testing

/// `scripts/lsan.supp` names a few statics by their mangled initializers, which carry their
/// module: when a file moves to another target the name changes, the suppression silently
/// stops matching, and the sanitizer run fails on a leak that is not one. Each named symbol
/// must be in the test binary.
@Suite struct LeakSuppressionTests {
    static let mangledNames: [String] = {
        let file = Fixtures.repository.appendingPathComponent("scripts/lsan.supp")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("leak:s"), line.dropFirst(6).first?.isNumber == true else { return nil }
            return String(line.dropFirst("leak:".count))
        }
    }()

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/nm"), "nm (binutils) is not installed: skipped"))
    func everySuppressedStaticIsInTheBinary() throws {
        try #require(!Self.mangledNames.isEmpty, "scripts/lsan.supp names no static")
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let symbols = String(decoding: try FixtureTool.run("nm", [binary]), as: UTF8.self)
        let missing = Self.mangledNames.filter { !symbols.contains("$" + $0 + "\n") }
        #expect(missing == [])
    }
}
