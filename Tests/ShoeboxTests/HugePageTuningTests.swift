import Foundation
import Testing
@testable import Shoebox

/// The commands that decode pictures run with glibc's huge-page tunable added to whatever
/// `GLIBC_TUNABLES` the caller set (`HugePageTuning`); a caller's own `hugetlb` stays.
@Suite struct HugePageTuningTests {
    @Test func theTunableIsAddedToTheCallersOwn() {
        #expect(HugePageTuning.tunables(adding: nil) == "glibc.malloc.hugetlb=1")
        #expect(HugePageTuning.tunables(adding: "") == "glibc.malloc.hugetlb=1")
        #expect(HugePageTuning.tunables(adding: "glibc.malloc.arena_max=4") == "glibc.malloc.arena_max=4:glibc.malloc.hugetlb=1")
        #expect(HugePageTuning.tunables(adding: "glibc.malloc.hugetlb=0") == nil)
        #expect(HugePageTuning.tunables(adding: "glibc.malloc.check=0:glibc.malloc.hugetlb=2") == nil)
        #expect(HugePageTuning.tunables(adding: "glibc.malloc.hugetlbx=1") == "glibc.malloc.hugetlbx=1:glibc.malloc.hugetlb=1")
    }

    /// What `GLIBC_TUNABLES` the command's `main` saw, as its debug hook says.
    private func tunablesSeen(by arguments: [String], callerSets tunables: String?) throws -> String? {
        var environment = ["SHOEBOX_TEST_SAY_TUNABLES": "1"]
        if let tunables { environment["GLIBC_TUNABLES"] = tunables }
        let run = try ShoeboxBinary.run(arguments, environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let said = run.errors.split(separator: "\n").filter { $0.hasPrefix("shoebox test: GLIBC_TUNABLES ") }
        try #require(said.count == 1, "\(run.errors)")
        return String(said[0].dropFirst("shoebox test: GLIBC_TUNABLES ".count))
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
}
