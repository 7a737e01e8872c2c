import CCrashGuard
import Foundation
import Testing

/// The ingest child that the supervisor forks runs its Swift code on a thread of its own, never
/// on its first thread: the Swift runtime caches each thread's id for the lock behind every lazy
/// initialisation, and a forked first thread keeps its parent's, which made lazy
/// initialisations spin forever between two threads (process_supervision.h).
@Suite struct ForkedChildThreadTests {
    nonisolated(unsafe) static var bodyThread: Int32 = 0

    @Test func aFreshThreadRunsTheBodyAndHandsBackItsResult() {
        let caller = sb_thread_id()

        let result = sb_call_on_fresh_thread {
            ForkedChildThreadTests.bodyThread = sb_thread_id()
            return 7
        }

        #expect(result == 7)
        #expect(Self.bodyThread != 0 && Self.bodyThread != caller)
    }

    @Test func theForkedIngestChildRunsMainOffItsFirstThread() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("tall.jpg")])

        let run = try ShoeboxBinary.run(["ingest", photos.path, "--library", folder.url.appendingPathComponent("library").path],
                                        environment: ["SHOEBOX_TEST_SAY_MAIN_THREAD": "1"])

        let said = run.errors.split(separator: "\n").filter { $0.hasPrefix("shoebox test: main runs on thread ") }.map { line in
            line.split(separator: " ").compactMap { Int32($0) }
        }
        #expect(run.status == 0, "\(run.errors)")
        try #require(said.count == 2, "\(run.errors)")   // the supervisor, then its child
        #expect(said[0][0] == said[0][1], "the supervisor runs on its first thread")
        #expect(said[1][0] != said[1][1], "the child runs main on a thread of its own")
    }
}
