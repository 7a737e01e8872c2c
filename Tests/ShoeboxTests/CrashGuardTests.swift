import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A C library that kills the process on one file cannot stop the batch: `shoebox ingest`
/// runs the ingest in a child process, and when a decoder crashes it (or a file outlasts its
/// time budget), starts it again; the new child records the file from the library's crash log
/// as `crashed` (or `timeout`) and ingests the rest. The file is then skipped until
/// `--retry-failed`. (The test build has a decoder that aborts, or hangs, on purpose.)
@Suite struct CrashGuardTests {
    /// `photos/` holding panorama.jpg, tall.jpg and one more JPEG named `trouble`, and a library.
    struct Batch {
        let folder: TemporaryFolder
        let root: URL
        let library: URL
        let trouble: String

        init(trouble: [String] = ["boom.jpg"]) throws {
            folder = try TemporaryFolder()
            root = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
            for name in trouble {
                try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: root.appendingPathComponent(name))
            }
            library = folder.url.appendingPathComponent("library")
            self.trouble = trouble[0]
        }

        func path(_ name: String) -> String { IngestPipeline.resolve(root.appendingPathComponent(name).path) }

        func ingest(_ extra: [String] = [], environment: [String: String] = [:]) throws -> ShoeboxBinary.Result {
            try ShoeboxBinary.run(["ingest", root.path, "--library", library.path] + extra, environment: environment)
        }

        func asset(_ name: String) throws -> AssetRecord? {
            try SQLiteCatalog(path: library.appendingPathComponent("catalog.sqlite").path).asset(path: path(name))
        }

        /// The default pipeline with `limits.imageSeconds` at 1, written beside the batch.
        func pipelineWithOneSecondBudget() throws -> URL {
            try pipelineWithBudget(seconds: 1)
        }

        /// The default pipeline with `limits.imageSeconds` at `seconds`, written beside the batch.
        func pipelineWithBudget(seconds: Int) throws -> URL {
            var pipeline = try Fixtures.pipeline()
            pipeline.limits.imageSeconds = seconds
            let file = folder.url.appendingPathComponent("budget.json")
            try JSONEncoder().encode(pipeline).write(to: file)
            return file
        }

        /// What the library's crash logs hold: `crash.log`, then each supervised ingest's own
        /// (`crash-<16 hex>.log`) left behind; "" when there is none.
        var crashLog: String {
            (["crash.log"] + supervisorLogs).map {
                (try? String(contentsOfFile: library.appendingPathComponent($0).path, encoding: .utf8)) ?? ""
            }.joined()
        }

        /// The supervised ingests' own crash logs in the library, by name.
        var supervisorLogs: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []).filter(CrashLog.isSupervisorLogName).sorted()
        }
    }

    static let crashOnBoom = ["SHOEBOX_TEST_CRASH_ON": "boom"]

    /// A failed Swift runtime check (SIGILL in Shoebox's code) is said to be Shoebox's, not a C library's.
    @Test func aRuntimeCheckThatFailsInShoeboxsOwnCodeIsSaidToBeOne() throws {
        let batch = try Batch()
        let run = try batch.ingest(environment: ["SHOEBOX_TEST_TRAP_ON": "boom"])

        #expect(!run.signalled && run.status == 1)
        #expect(run.errors.contains("shoebox: a runtime check in Shoebox's own code failed on \(batch.path("boom.jpg")) (SIGILL): "
                                    + "recorded as crashed, the ingest goes on without it (restart 1)\n"), "\(run.errors)")
        let boom = try #require(try batch.asset("boom.jpg"))
        #expect(boom.errorClass == .crashed)
        #expect(boom.errorMessage?.hasPrefix("the ingest process stopped on a failed runtime check in Shoebox's own code") == true)
        #expect(try batch.asset("panorama.jpg")?.status == .ok)
    }

    /// A SIGKILL runs no handler; the in-flight table the supervisor shares with its child
    /// still names the file (as when the out-of-memory killer ends a child mid-decode).
    @Test func aChildKilledWhileDecodingAFileIsRestartedWithoutThatFile() throws {
        let batch = try Batch()
        let run = try batch.ingest(["--jobs", "1"], environment: ["SHOEBOX_TEST_KILL_ON": "boom"])

        #expect(!run.signalled && run.status == 1)
        #expect(run.output.hasPrefix("ingested 2, unchanged 0, moved or touched 0, failed 1, still failed 0, skipped 0, newly missing 0 in "))
        #expect(run.errors.contains("shoebox: the ingest process was killed (SIGKILL, as the out-of-memory killer does) while working on "
                                    + "\(batch.path("boom.jpg")): recorded as crashed, the ingest goes on without it (restart 1)\n"), "\(run.errors)")
        let boom = try #require(try batch.asset("boom.jpg"))
        #expect(boom.errorClass == .crashed)
        #expect(boom.errorMessage?.hasPrefix("the ingest process was killed (SIGKILL: the kernel's out-of-memory killer, or a kill -9) "
                                             + "while working on this file") == true, "\(boom.errorMessage ?? "")")
        #expect(try batch.asset("panorama.jpg")?.status == .ok)
        #expect(batch.supervisorLogs == [])
    }

    @Test func oneIngestGoesOnPastAFileThatCrashesTheDecoder() throws {
        let batch = try Batch()
        let run = try batch.ingest(environment: Self.crashOnBoom)

        #expect(!run.signalled && run.status == 1)
        #expect(run.output.hasPrefix("ingested 2, unchanged 0, moved or touched 0, failed 1, still failed 0, skipped 0, newly missing 0 in "))
        #expect(run.errors.contains("shoebox: a C library crashed on \(batch.path("boom.jpg")) (SIGABRT): recorded as crashed, the ingest goes on without it (restart 1)\n"))
        #expect(run.errors.components(separatedBy: "failed \(batch.path("boom.jpg")): crashed: ").count == 2, "reported once")
        let boom = try #require(try batch.asset("boom.jpg"))
        #expect(boom.status == .failed && boom.errorClass == .crashed)
        #expect(try batch.asset("panorama.jpg")?.status == .ok)
        #expect(try batch.asset("tall.jpg")?.status == .ok)
        #expect(batch.crashLog == "")
        #expect(batch.supervisorLogs == [], "the supervisor removes its own log at its end")
    }

    @Test func oneIngestGoesOnPastAFileOverItsTimeBudget() throws {
        let batch = try Batch(trouble: ["stuck.jpg"])
        let pipelineFile = try batch.pipelineWithOneSecondBudget()

        let run = try batch.ingest(["--pipeline", pipelineFile.path], environment: ["SHOEBOX_TEST_HANG_ON": "stuck"])

        #expect(!run.signalled && run.status == 1)
        #expect(run.output.hasPrefix("ingested 2, unchanged 0, moved or touched 0, failed 1, still failed 0, skipped 0, newly missing 0 in "))
        #expect(run.errors.contains("shoebox: \(batch.path("stuck.jpg")) went over its time budget: recorded as timeout, the ingest goes on without it (restart 1)\n"))
        let stuck = try #require(try batch.asset("stuck.jpg"))
        #expect(stuck.status == .failed && stuck.errorClass == .timeout)
        #expect(try batch.asset("panorama.jpg")?.status == .ok)
        #expect(try batch.asset("tall.jpg")?.status == .ok)
    }

    /// A file's budget is time the process ran: a batch stopped (Ctrl-Z, SIGSTOP) with a file
    /// in hand for longer than the budget ingests the file once it is continued, instead of
    /// recording it as timed out. (The test decoder stops its process on `paused.jpg`, and
    /// keeps the file in hand for a second after it is continued, within the 8 s budget:
    /// room for a loaded machine, whose full suite once took the 3 s of an earlier budget;
    /// under a sanitizer the budget is 20 s and the stop longer than that. Its failures on
    /// loaded machines, put down to the slowness of that second, were the watchdog's: started
    /// with the first file, its thread could first run after the stop and measure from then.)
    @Test func timeStoppedIsNotSpentFromAFilesBudget() throws {
        let batch = try Batch(trouble: ["paused.jpg"])
        let budget = Fixtures.underSanitizer ? 20 : 8
        let pipelineFile = try batch.pipelineWithBudget(seconds: budget)
        let worker = try WorkerProcess(["ingest", batch.root.path, "--library", batch.library.path, "--pipeline", pipelineFile.path],
                                       environment: ["SHOEBOX_TEST_STOP_ON": "paused"])

        let stopping = "shoebox test: stopping process "
        #expect(worker.waitForErrorLine(containing: stopping))
        let line = try #require(worker.lastErrorLine(containing: stopping))
        let stopped = try #require(pid_t(line.dropFirst(stopping.count)))
        Thread.sleep(forTimeInterval: Double(budget + 2))   // the stop itself, longer than the budget: the time is what is tested
        kill(stopped, SIGCONT)
        let run = worker.finish()

        #expect(!run.signalled && run.status == 0, "\(run.errors)")
        #expect(!run.errors.contains("went over its time budget"), "\(run.errors)")
        #expect(try batch.asset("paused.jpg")?.status == .ok)
        #expect(try batch.asset("panorama.jpg")?.status == .ok)
    }

    @Test func aCrashedFileIsSkippedUntilRetryFailed() throws {
        let batch = try Batch()
        _ = try batch.ingest(environment: Self.crashOnBoom)

        let later = try batch.ingest(environment: Self.crashOnBoom)
        #expect(later.status == 0)
        #expect(later.output.hasPrefix("ingested 0, unchanged 2, moved or touched 0, failed 0, still failed 1, skipped 0, "))
        #expect(!later.errors.contains("restart"))

        let retried = try batch.ingest(["--retry-failed"])
        #expect(retried.status == 0)
        #expect(try batch.asset("boom.jpg")?.status == .ok)
    }

    /// With --retry-failed, each crashing file is retried once per command: a file the command
    /// has just recorded is not decoded again by the restarted process.
    @Test func retryFailedTriesEachCrashedFileOncePerCommand() throws {
        let batch = try Batch(trouble: ["boom1.jpg", "boom2.jpg"])
        _ = try batch.ingest(environment: Self.crashOnBoom)
        _ = try batch.ingest(environment: Self.crashOnBoom)

        let retried = try batch.ingest(["--retry-failed"], environment: Self.crashOnBoom)

        #expect(retried.status == 1)
        #expect(retried.output.hasPrefix("ingested 0, unchanged 2, moved or touched 0, failed 2, still failed 0, skipped 0, "))
        #expect(retried.errors.components(separatedBy: "(SIGABRT): recorded as crashed").count == 3, "two restarts")
        #expect(!retried.errors.contains("stopped"))
    }

    /// `--no-supervise` keeps the old way (for debugging): the crash ends the run by its
    /// signal, and the next run records the file and counts it once, as failed.
    @Test func withoutSupervisionACrashStopsTheRunAndTheNextRunCountsTheFileOnce() throws {
        let batch = try Batch()
        let crash = try batch.ingest(["--no-supervise"], environment: Self.crashOnBoom)
        #expect(crash.signalled && crash.status == SIGABRT)
        #expect(batch.crashLog == batch.path("boom.jpg") + "\n")

        let recovery = try batch.ingest(["--no-supervise"], environment: Self.crashOnBoom)

        #expect(!recovery.signalled && recovery.status == 1)
        #expect(recovery.output.contains(", failed 1, still failed 0, "))
        #expect(try batch.asset("boom.jpg")?.errorClass == .crashed)
        #expect(try batch.asset("tall.jpg")?.status == .ok)
        #expect(batch.crashLog == "")
    }

    @Test func withoutSupervisionAFileOverItsBudgetStopsTheRunWithStatus124() throws {
        let batch = try Batch(trouble: ["stuck.jpg"])
        let pipelineFile = try batch.pipelineWithOneSecondBudget()

        let stuck = try batch.ingest(["--no-supervise", "--pipeline", pipelineFile.path], environment: ["SHOEBOX_TEST_HANG_ON": "stuck"])

        #expect(stuck.status == 124)
        #expect(stuck.errors.contains("shoebox: stopped: a file went over its time budget: \(batch.path("stuck.jpg")) (recorded as timeout; run the same ingest again to go on)"))
        #expect(batch.crashLog == "timeout\t\(batch.path("stuck.jpg"))\n")
    }
}

extension CrashGuardTests {
    /// The crash log holds one file a line, so a name with a newline (or a backslash) in it is
    /// escaped there: the file is still recorded, and the batch still goes on.
    @Test func aFileWhoseNameHoldsANewlineIsRecordedToo() throws {
        let batch = try Batch(trouble: ["boom\nline\\n.jpg"])

        let run = try batch.ingest(environment: Self.crashOnBoom)

        #expect(run.status == 1)
        #expect(run.output.hasPrefix("ingested 2, unchanged 0, moved or touched 0, failed 1, still failed 0, "))
        #expect(try batch.asset("boom\nline\\n.jpg")?.errorClass == .crashed)
        #expect(!run.errors.contains("stopped"))
    }
}
