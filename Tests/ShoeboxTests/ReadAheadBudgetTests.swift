import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Whole files read ahead of the decode workers wait within a number of bytes
/// (`IngestPipeline.readAheadBytes`), not only within a number of files: what waits there is
/// part of the ingest's peak memory.
@Suite struct ReadAheadBudgetTests {
    /// When each file left the read stage and when a decode worker took it, with its size.
    final class WaitRecorder: PipelineObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var readEnds: [String: (time: UInt64, bytes: Int64)] = [:]
        private var decodeStarts: [String: UInt64] = [:]

        func stageStarted(_ stage: String, workers: Int) {}

        func record(_ timing: StageTiming) {
            lock.withLock {
                if timing.stage == "read" && timing.outcome == .passed {
                    readEnds[timing.path] = (timing.start + timing.work, timing.bytes)
                } else if timing.stage == "decode" {
                    decodeStarts[timing.path] = timing.start
                }
            }
        }

        /// The most bytes of files read and not yet taken by a decode worker at any moment.
        var peakWaitingBytes: Int64 {
            lock.withLock {
                // At the same moment a file taken goes before a file read (-1 sorts first).
                let changes = readEnds.flatMap { path, read -> [(UInt64, Int, Int64)] in
                    guard let taken = decodeStarts[path] else { return [] }
                    return [(read.time, 0, read.bytes), (taken, -1, -read.bytes)]
                }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
                var (waiting, peak): (Int64, Int64) = (0, 0)
                for change in changes {
                    waiting += change.2
                    peak = max(peak, waiting)
                }
                return peak
            }
        }
    }

    /// Eight 2 MB JPEGs (noise: slow to decode, fast to read) and one decode worker: counted
    /// in files, five of them (10 MB) waited for the worker; within 3 MiB, one does.
    @Test func filesWaitingForOneDecodeWorkerHoldAtMost3MiB() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        for seed in 1...8 {
            try FixtureTool.run("vips", ["gaussnoise", photos.appendingPathComponent("noise-\(seed).jpg").path + "[Q=95]",
                                         "2000", "1400", "--seed", "\(seed)"])
        }
        let library = Library(root: try folder.subfolder("library"))
        try library.prepare()
        let recorder = WaitRecorder()
        let pipeline = IngestPipeline(configuration: try Fixtures.pipeline(), catalog: try SQLiteCatalog(path: library.catalogPath),
                                      library: library, options: IngestOptions(jobs: 1), observer: recorder)
        #expect(pipeline.readAheadBytes == 3 << 20)

        let summary = try pipeline.run(roots: [photos.path])

        #expect(summary.ingested == 8)
        let peak = recorder.peakWaitingBytes
        #expect(peak >= 1_800_000 && peak <= 3 << 20, "peak \(peak) bytes waiting")
    }
}
