import Foundation
import Testing
@testable import Shoebox

/// A C library that crashes the process on one file cannot sink later runs: the file is named
/// in the library's crash log as the process dies, recorded `crashed` by the next run, and
/// skipped until `--retry-failed`. (The test build has a decoder that aborts on purpose.)
@Suite struct CrashGuardTests {
    struct Run {
        var status: Int32
        var signalled: Bool
        var output: String
    }

    func ingest(_ root: URL, library: URL, crashOn trigger: String?, _ extra: [String] = []) throws -> Run {
        let process = try ShoeboxBinary.process(["ingest", root.path, "--library", library.path] + extra)
        var environment = process.environment ?? [:]
        environment["SHOEBOX_TEST_CRASH_ON"] = trigger
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal, output: text)
    }

    @Test func aFileThatCrashesTheDecoderIsRecordedAndSkippedNextTime() throws {
        let folder = try TemporaryFolder()
        let root = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: root.appendingPathComponent("boom.jpg"))
        let library = folder.url.appendingPathComponent("library")

        let crash = try ingest(root, library: library, crashOn: "boom")
        #expect(crash.signalled && crash.status == SIGABRT)
        let log = try String(contentsOfFile: library.appendingPathComponent("crash.log").path, encoding: .utf8)
        #expect(log == IngestPipeline.resolve(root.appendingPathComponent("boom.jpg").path) + "\n")

        let recovery = try ingest(root, library: library, crashOn: "boom")
        #expect(!recovery.signalled && recovery.status == 1)
        let catalog = try SQLiteCatalog(path: library.appendingPathComponent("catalog.sqlite").path)
        let boom = try #require(try catalog.asset(path: IngestPipeline.resolve(root.appendingPathComponent("boom.jpg").path)))
        #expect(boom.status == .failed && boom.errorClass == .crashed)
        for name in ["panorama.jpg", "tall.jpg"] {
            #expect(try catalog.asset(path: IngestPipeline.resolve(root.appendingPathComponent(name).path))?.status == .ok)
        }
        #expect(try String(contentsOfFile: library.appendingPathComponent("crash.log").path, encoding: .utf8) == "")

        let later = try ingest(root, library: library, crashOn: "boom")
        #expect(later.status == 0 && later.output.contains("still failed 1"))

        let retried = try ingest(root, library: library, crashOn: nil, ["--retry-failed"])
        #expect(retried.status == 0)
        #expect(try catalog.asset(path: boom.path)?.status == .ok)
    }
}

extension CrashGuardTests {
    /// A decoder stuck past the pipeline's budget stops the run with status 124 and the file
    /// named; the next run records it as `timeout` and ingests the rest.
    @Test func aFileOverItsTimeBudgetIsRecordedAsTimeout() throws {
        let folder = try TemporaryFolder()
        let root = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: root.appendingPathComponent("stuck.jpg"))
        var pipeline = try Fixtures.pipeline()
        pipeline.limits.imageSeconds = 1
        let pipelineFile = folder.url.appendingPathComponent("budget.json")
        try JSONEncoder().encode(pipeline).write(to: pipelineFile)
        let library = folder.url.appendingPathComponent("library")
        let arguments = ["ingest", root.path, "--library", library.path, "--pipeline", pipelineFile.path]

        let stuck = try ShoeboxBinary.run(arguments, environment: ["SHOEBOX_TEST_HANG_ON": "stuck"])
        #expect(stuck.status == 124)
        #expect(stuck.errors.contains("went over its time budget: \(IngestPipeline.resolve(root.appendingPathComponent("stuck.jpg").path))"))

        let next = try ShoeboxBinary.run(arguments, environment: ["SHOEBOX_TEST_HANG_ON": "stuck"])
        #expect(next.status == 1)
        let catalog = try SQLiteCatalog(path: library.appendingPathComponent("catalog.sqlite").path)
        let file = try #require(try catalog.asset(path: IngestPipeline.resolve(root.appendingPathComponent("stuck.jpg").path)))
        #expect(file.status == .failed && file.errorClass == .timeout)
        for name in ["panorama.jpg", "tall.jpg"] {
            #expect(try catalog.asset(path: IngestPipeline.resolve(root.appendingPathComponent(name).path))?.status == .ok)
        }
    }
}
