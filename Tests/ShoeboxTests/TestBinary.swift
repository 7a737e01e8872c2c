import Foundation

/// This test binary, run again for one test in a process of its own: for what can be seen
/// only before anything in the process has happened (libvips's first start), which the suites
/// running beside it in this process would otherwise have done first.
enum TestBinary {
    /// Set in the process `runAlone` starts, to the `case` it is to run.
    static let caseVariable = "SHOEBOX_TEST_ALONE"

    /// The case this process was started to run alone; nil in the test run itself.
    static var caseRunAlone: String? { ProcessInfo.processInfo.environment[caseVariable] }

    /// Runs the swift-testing tests `filter` names (`Suite/test`) in a new process of this
    /// binary, told through `caseVariable` which `case` of them to run.
    static func runAlone(_ filter: String, case name: String) throws -> ShoeboxBinary.Result {
        try ShoeboxBinary.run(["--testing-library", "swift-testing", "--filter", filter],
                              environment: [caseVariable: name], launcher: ["/usr/bin/env"],
                              executable: URL(fileURLWithPath: CommandLine.arguments[0]))
    }
}
