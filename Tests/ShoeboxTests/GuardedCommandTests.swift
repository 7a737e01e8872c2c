import Foundation
import Testing
@testable import Shoebox

/// `covers` and `profile` decode under the same crash guard as `ingest`, without its
/// recovery: a file that crashes a decoder or goes over its time budget stops the command,
/// which names the file, says that nothing was recorded and what to do, and (`profile`)
/// leaves no throw-away library behind, whatever ends it.
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

    @Test func profileStopsAtAFileOverItsBudgetNamingItAndRemovesItsLibrary() throws {
        let batch = try Batch(trouble: ["stuck.jpg"])
        let (run, temporary) = try profile(batch, ["--pipeline", try batch.pipelineWithOneSecondBudget().path],
                                           environment: Self.hangOnStuck)

        #expect(!run.signalled && run.status == 124)
        #expect(run.errors.contains("""
            shoebox: stopped: a file went over its time budget: \(batch.path("stuck.jpg")) (profile stopped: nothing was \
            recorded and the throw-away library is removed; give the file more time with --pipeline and a larger \
            limits.imageSeconds or videoSeconds, or profile without it)\n
            """))
        #expect(!run.errors.contains("recorded as timeout"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test func profileStopsAtAFileThatCrashesTheDecoderNamingItAndRemovesItsLibrary() throws {
        let batch = try Batch()
        let (run, temporary) = try profile(batch, environment: Self.crashOnBoom)

        #expect(run.signalled && run.status == SIGABRT)
        #expect(run.errors.contains("""
            shoebox: stopped: a C library crashed on \(batch.path("boom.jpg")) (SIGABRT) (profile stopped: nothing was \
            recorded and the throw-away library is removed; profile without the file)\n
            """))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
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

        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
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
