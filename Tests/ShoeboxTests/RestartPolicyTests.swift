import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCLI

/// When `shoebox ingest`'s supervisor starts its ingest process again, and what it says.
@Suite struct RestartPolicyTests {
    @Test func waitStatusesDecodeAsTheCMacrosDo() {
        #expect(ChildEnding(waitStatus: 0) == .exited(0))
        #expect(ChildEnding(waitStatus: 0x0100) == .exited(1))
        #expect(ChildEnding(waitStatus: 0x7c00) == .exited(124))
        #expect(ChildEnding(waitStatus: 6) == .signalled(SIGABRT))
        #expect(ChildEnding(waitStatus: 0x86) == .signalled(SIGABRT))   // with the core-dump bit
        #expect(ChildEnding(waitStatus: 9) == .signalled(SIGKILL))
    }

    @Test func aChildThatFinishedIsNotRestarted() {
        var policy = RestartPolicy()
        for status: Int32 in [0, 1, 64] {
            #expect(policy.decide(.exited(status), files: [], interrupted: false) == .stop(line: nil))
        }
    }

    @Test func aCrashOnANamedFileRestarts() {
        var policy = RestartPolicy()
        #expect(policy.decide(.signalled(SIGSEGV), files: [CrashedFile("/p/a.jpg", .crashed)], interrupted: false)
                == .restart(line: "shoebox: a C library crashed on /p/a.jpg (SIGSEGV): recorded as crashed, the ingest goes on without it (restart 1)"))
        #expect(policy.decide(.signalled(SIGABRT), files: [CrashedFile("/p/b.jpg", .crashed)], interrupted: false)
                == .restart(line: "shoebox: a C library crashed on /p/b.jpg (SIGABRT): recorded as crashed, the ingest goes on without it (restart 2)"))
    }

    /// `profile`'s supervisor decides as ingest's does, and says what a profile does: the file
    /// is counted, not recorded, and there is no run to resume.
    @Test func aProfileSaysItCountsTheFileAndGoesOn() {
        var policy = RestartPolicy(command: "profile")
        #expect(policy.decide(.signalled(SIGSEGV), files: [CrashedFile("/p/a.jpg", .crashed)], interrupted: false)
                == .restart(line: "shoebox: a C library crashed on /p/a.jpg (SIGSEGV): counted as crashed, the profile goes on without it (restart 1)"))
        #expect(policy.decide(.signalled(SIGSEGV), files: [CrashedFile("/p/a.jpg", .crashed)], interrupted: false)
                == .stop(line: "shoebox: stopped: a C library crashed on /p/a.jpg (SIGSEGV) again after it was recorded; profile again without that file"))
        #expect(policy.decide(.signalled(SIGKILL), files: [], interrupted: false)
                == .stop(line: "shoebox: stopped: the profile process was killed (SIGKILL), as the kernel's out-of-memory killer or a kill -9 does (under a memory limit, lower limits.decodeMemoryBytes or --jobs)"))
    }

    @Test func aFileOverItsBudgetRestarts() {
        var policy = RestartPolicy()
        #expect(policy.decide(.exited(124), files: [CrashedFile("/p/slow.png", .timeout)], interrupted: false)
                == .restart(line: "shoebox: /p/slow.png went over its time budget: recorded as timeout, the ingest goes on without it (restart 1)"))
    }

    @Test func aFileNamedAgainAfterItWasRecordedStops() {
        var policy = RestartPolicy()
        _ = policy.decide(.signalled(SIGSEGV), files: [CrashedFile("/p/a.jpg", .crashed)], interrupted: false)
        #expect(policy.decide(.signalled(SIGSEGV), files: [CrashedFile("/p/a.jpg", .crashed)], interrupted: false)
                == .stop(line: "shoebox: stopped: a C library crashed on /p/a.jpg (SIGSEGV) again after it was recorded; run the same ingest again to go on"))
    }

    @Test func aCrashNamingNoFileStops() {
        var policy = RestartPolicy()
        #expect(policy.decide(.signalled(SIGSEGV), files: [], interrupted: false)
                == .stop(line: "shoebox: stopped: the ingest process died of SIGSEGV outside any decoder, so there is no file to go on without"))
    }

    @Test func restartsStopAtTheLimit() {
        var policy = RestartPolicy(maxRestarts: 2)
        _ = policy.decide(.signalled(SIGBUS), files: [CrashedFile("/p/1.jpg", .crashed)], interrupted: false)
        _ = policy.decide(.signalled(SIGBUS), files: [CrashedFile("/p/2.jpg", .crashed)], interrupted: false)
        #expect(policy.decide(.signalled(SIGBUS), files: [CrashedFile("/p/3.jpg", .crashed)], interrupted: false)
                == .stop(line: "shoebox: stopped after 2 restarts: a C library crashed on /p/3.jpg (SIGBUS); run the same ingest again to go on"))
    }

    @Test func nothingRestartsAfterAStopWasAskedFor() {
        var policy = RestartPolicy()
        #expect(policy.decide(.signalled(SIGABRT), files: [CrashedFile("/p/a.jpg", .crashed)], interrupted: true) == .stop(line: nil))
        #expect(policy.decide(.signalled(SIGTERM), files: [], interrupted: true) == .stop(line: nil))
    }

    @Test func aChildKilledWhileTheInFlightTableNamedFilesRestartsWithoutThem() {
        var policy = RestartPolicy()
        let killed = [CrashedFile("/p/a.png", .crashed, wasKilled: true), CrashedFile("/p/b.gif", .crashed, wasKilled: true)]
        #expect(policy.decide(.signalled(SIGKILL), files: killed, interrupted: false) == .restart(line:
            "shoebox: the ingest process was killed (SIGKILL, as the out-of-memory killer does) while working on /p/a.png and /p/b.gif: "
            + "recorded as crashed, the ingest goes on without them (restart 1)"))
    }

    @Test func aChildKilledFromOutsideIsNotRestartedAndTheUserIsToldWhy() {
        var policy = RestartPolicy()
        #expect(policy.decide(.signalled(SIGKILL), files: [], interrupted: false) == .stop(line:
            "shoebox: stopped: the ingest process was killed (SIGKILL), as the kernel's out-of-memory killer or a kill -9 does; "
            + "every file finished before is recorded: run the same ingest again to go on "
            + "(under a memory limit, lower limits.decodeMemoryBytes or --jobs)"))
    }
}
