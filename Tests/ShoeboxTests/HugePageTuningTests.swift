import Foundation
import Testing
@testable import Shoebox

/// The commands that decode pictures run with glibc's huge-page tunable added to whatever
/// `GLIBC_TUNABLES` the caller set (`HugePageTuning`); a caller's own `hugetlb` stays, and the
/// restarted process keeps its name.
@Suite struct HugePageTuningTests {
    @Test func theTunableIsAddedToTheCallersOwn() {
        #expect(HugePageTuning.tunables(adding: nil) == "glibc.malloc.hugetlb=1")
        #expect(HugePageTuning.tunables(adding: "") == "glibc.malloc.hugetlb=1")
        #expect(HugePageTuning.tunables(adding: "glibc.malloc.arena_max=4") == "glibc.malloc.arena_max=4:glibc.malloc.hugetlb=1")
        #expect(HugePageTuning.tunables(adding: "glibc.malloc.hugetlb=0") == nil)
        #expect(HugePageTuning.tunables(adding: "glibc.malloc.check=0:glibc.malloc.hugetlb=2") == nil)
        #expect(HugePageTuning.tunables(adding: "glibc.malloc.hugetlbx=1") == "glibc.malloc.hugetlbx=1:glibc.malloc.hugetlb=1")
    }

    /// What the command's `main` saw after `prefix` (`GLIBC_TUNABLES `, `process name `), as its
    /// debug hook says.
    private func seen(_ prefix: String, by arguments: [String], callerSets tunables: String?) throws -> String? {
        var environment = ["SHOEBOX_TEST_SAY_TUNABLES": "1"]
        if let tunables { environment["GLIBC_TUNABLES"] = tunables }
        let run = try ShoeboxBinary.run(arguments, environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let said = run.errors.split(separator: "\n").filter { $0.hasPrefix("shoebox test: \(prefix)") }
        try #require(said.count == 1, "\(run.errors)")
        return String(said[0].dropFirst("shoebox test: \(prefix)".count))
    }

    private func tunablesSeen(by arguments: [String], callerSets tunables: String?) throws -> String? {
        try seen("GLIBC_TUNABLES ", by: arguments, callerSets: tunables)
    }

    @Test func anIngestStartsItselfAgainWithTheTunable() throws {
        #expect(try tunablesSeen(by: ["ingest", "--help"], callerSets: nil) == "glibc.malloc.hugetlb=1")
        #expect(try tunablesSeen(by: ["ingest", "--help"], callerSets: "glibc.malloc.arena_max=4")
                == "glibc.malloc.arena_max=4:glibc.malloc.hugetlb=1")
        #expect(try tunablesSeen(by: ["ingest", "--help"], callerSets: "glibc.malloc.hugetlb=0") == "glibc.malloc.hugetlb=0")
    }

    @Test func aCommandThatDecodesNothingStartsOnce() throws {
        #expect(try tunablesSeen(by: ["list", "--help"], callerSets: nil) == "(none)")
    }

    /// `ps`, `top`, `pgrep shoebox` and `killall shoebox` find a restarted command by the
    /// executable's name, not the "exe" of `/proc/self/exe` that the restart ran.
    @Test func aRestartedCommandKeepsTheExecutablesName() throws {
        #expect(ShoeboxBinary.url.lastPathComponent == "shoebox")
        #expect(try seen("process name ", by: ["ingest", "--help"], callerSets: nil) == "shoebox")
        #expect(try seen("process name ", by: ["list", "--help"], callerSets: nil) == "shoebox")
    }

    @Test func theProcessNameIsTheExecutablesFileNameCutTo15Bytes() {
        #expect(HugePageTuning.processName(forExecutableAt: "/usr/bin/shoebox") == "shoebox")
        #expect(HugePageTuning.processName(forExecutableAt: "/opt/x/shoebox (deleted)") == "shoebox")
        #expect(HugePageTuning.processName(forExecutableAt: "/opt/shoebox-nightly-build") == "shoebox-nightly")
        #expect(HugePageTuning.processName(forExecutableAt: "/opt/fotos-schuhkarton\u{2009}") == "fotos-schuhkart")
        #expect(HugePageTuning.processName(forExecutableAt: "/opt/bilder-\u{00E4}\u{00E4}\u{00E4}\u{00E4}") == "bilder-\u{00E4}\u{00E4}\u{00E4}\u{00E4}")
        #expect(HugePageTuning.processName(forExecutableAt: "/opt/bilder-x\u{00E4}\u{00E4}\u{00E4}\u{00E4}") == "bilder-x\u{00E4}\u{00E4}\u{00E4}")
        #expect(HugePageTuning.processName(forExecutableAt: "") == nil)
        #expect(HugePageTuning.processName(forExecutableAt: nil) == nil)
    }
}
