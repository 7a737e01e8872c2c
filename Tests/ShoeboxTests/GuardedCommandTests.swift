import Foundation
import Testing
@testable import Shoebox

/// `covers` decodes under the same crash guard as `ingest`, without its recovery: a file that
/// crashes a decoder or goes over its time budget stops the command, which names the file and
/// says that nothing was recorded and what to do. `profile` recovers as `ingest` does: the
/// file is named, counted as failed in the report, and the profile goes on in a new process;
/// it leaves no throw-away library behind, whatever ends it.
extension CrashGuardTests {
    static let hangOnStuck = ["SHOEBOX_TEST_HANG_ON": "stuck"]

    /// `profile` of the batch with `$TMPDIR` in a folder of its own, returned empty or not.
    func profile(_ batch: Batch, _ extra: [String] = [], environment: [String: String]) throws -> (ShoeboxBinary.Result, URL) {
        let temporary = try batch.folder.subfolder("tmp")
        let run = try ShoeboxBinary.run(["profile", batch.root.path] + extra,
                                        environment: environment.merging(["TMPDIR": temporary.path]) { $1 })
        return (run, temporary)
    }

    /// `covers` on the batch's library, once the batch is ingested (with nothing in trouble).
    func covers(_ batch: Batch, _ extra: [String] = [], environment: [String: String]) throws -> ShoeboxBinary.Result {
        #expect(try batch.ingest().status == 0)
        return try ShoeboxBinary.run(["covers", "--library", batch.library.path] + extra, environment: environment)
    }

    @Test func profileGoesOnPastAFileOverItsBudgetAndCountsItAsFailed() throws {
        let batch = try Batch(trouble: ["stuck.jpg"])
        let (run, temporary) = try profile(batch, ["--pipeline", try batch.pipelineWithOneSecondBudget().path],
                                           environment: Self.hangOnStuck)

        #expect(!run.signalled && run.status == 0)
        #expect(run.errors.contains("""
            shoebox: \(batch.path("stuck.jpg")) went over its time budget: counted as timeout, the profile goes on without \
            it (restart 1)\n
            """))
        #expect(run.output.hasPrefix("3 files (2 ingested, 1 failed, 0 skipped) with pipeline \"default\""))
        #expect(run.output.contains("\n  timeout in decode: \(batch.path("stuck.jpg"))"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test func profileGoesOnPastAFileThatCrashesTheDecoderAndCountsItAsFailed() throws {
        let batch = try Batch()
        let (run, temporary) = try profile(batch, ["--json"], environment: Self.crashOnBoom)

        #expect(!run.signalled && run.status == 0)
        #expect(run.errors.contains("""
            shoebox: a C library crashed on \(batch.path("boom.jpg")) (SIGABRT): counted as crashed, the profile goes on \
            without it (restart 1)\n
            """))
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(run.output.utf8))
        #expect([report.files, report.ingested, report.failed, report.processes] as [Int] == [3, 2, 1, 2])
        #expect(report.crashes.map(\.path) == [batch.path("boom.jpg")])
        #expect(report.crashes.map(\.failure) == ["crashed"])
        #expect(report.formats.map(\.format) == ["jpeg"])
        #expect(report.formats.map(\.decoded) == [2])
        #expect(report.formats.map(\.failures) == [["crashed": 1]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    /// A file that kills every process it is given to is given to one process only: the
    /// supervisor leaves it out of the next, with every file finished before.
    @Test func profileCountsEveryFileOnceAcrossItsProcesses() throws {
        let batch = try Batch(trouble: ["boom-1.jpg", "boom-2.jpg", "fine.jpg"])
        let (run, _) = try profile(batch, ["--json", "--jobs", "1"], environment: Self.crashOnBoom)

        #expect(run.status == 0)
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(run.output.utf8))
        #expect([report.files, report.ingested, report.failed, report.processes] as [Int] == [5, 3, 2, 3])
        #expect(Set(report.crashes.map(\.path)) == [batch.path("boom-1.jpg"), batch.path("boom-2.jpg")])
        #expect(report.stages.first { $0.name == "thumbnail" }?.files == 3)
    }

    /// SIGINT and SIGHUP (a closed terminal) while the profile runs: it was busy on a file
    /// that hangs, after reporting a broken one, so its throw-away library existed.
    @Test(arguments: [SIGINT, SIGHUP])
    func profileRemovesItsLibraryWhenSignalled(signal: Int32) throws {
        let batch = try Batch(trouble: ["stuck.jpg"])
        try FileManager.default.copyItem(at: Fixtures.sample("broken/truncated.jpg"), to: batch.root.appendingPathComponent("a-broken.jpg"))
        let temporary = try batch.folder.subfolder("tmp")
        let process = try ShoeboxBinary.process(["profile", batch.root.path, "--jobs", "2"])
        process.environment?.merge(Self.hangOnStuck.merging(["TMPDIR": temporary.path]) { $1 }) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("failed ") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        kill(process.processIdentifier, signal)
        _ = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        // It ends by the signal, as its child did (and as ingest does).
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test func coversStopAtAFileOverItsBudgetNamingItAndRecordNothing() throws {
        let batch = try Batch(trouble: ["stuck.jpg"])
        let run = try covers(batch, ["--pipeline", try batch.pipelineWithOneSecondBudget().path], environment: Self.hangOnStuck)

        #expect(!run.signalled && run.status == 124)
        #expect(run.errors.contains("""
            shoebox: stopped: a file went over its time budget: \(batch.path("stuck.jpg")) (covers stopped: nothing was \
            recorded about the file, and the albums done before it keep their images; give it more time with --pipeline \
            and a larger limits.imageSeconds or videoSeconds, or move it out of its ingested folder and ingest again)\n
            """))
        #expect(!run.errors.contains("recorded as timeout"))
        #expect(batch.crashLog == "")
        #expect(try batch.asset("stuck.jpg")?.status == .ok)
    }

    @Test func coversStopAtAFileThatCrashesTheDecoderNamingItAndRecordNothing() throws {
        let batch = try Batch()
        let run = try covers(batch, environment: Self.crashOnBoom)

        #expect(run.signalled && run.status == SIGABRT)
        #expect(run.errors.contains("""
            shoebox: stopped: a C library crashed on \(batch.path("boom.jpg")) (SIGABRT) (covers stopped: nothing was \
            recorded about the file, and the albums done before it keep their images; move it out of its ingested \
            folder and ingest again)\n
            """))
        #expect(batch.crashLog == "")
        #expect(try batch.asset("boom.jpg")?.status == .ok)
    }
}
