import Foundation
import Testing
@testable import Shoebox

/// The journal the processes of one supervised ingest share: what each did, file by file, so
/// that the last one's summary counts every file of the command once.
@Suite struct IngestJournalTests {
    @Test func recordsKeepEveryPathByteAndTheLastOutcomeWins() throws {
        let journal = try IngestJournal.create()
        let nfc = "/p/caf\u{E9}.jpg", nfd = "/p/cafe\u{301}.jpg"
        journal.record(.failed, path: "/p/new\nline\t.jpg")
        journal.record(.skipped, path: nfc)
        journal.record(.ingested, path: nfd)
        journal.record(.ingested, path: "/p/a.jpg")
        journal.record(.relocated, path: "/p/a.jpg")

        let reopened = try IngestJournal(descriptor: journal.descriptor)

        #expect(reopened.earlier == [.init(path: "/p/new\nline\t.jpg"): .failed, .init(path: nfc): .skipped,
                                     .init(path: nfd): .ingested, .init(path: "/p/a.jpg"): .relocated])
        #expect(abs(reopened.started.timeIntervalSince(journal.started)) < 0.001)
    }

    /// Read in 64 KiB pieces: records across a piece's end are read whole.
    @Test func aLongJournalIsReadWhole() throws {
        let journal = try IngestJournal.create()
        let paths = (0..<3000).map { "/photos/\(String(repeating: "long-folder-name/", count: 3))IMG_\($0).jpg" }
        for path in paths { journal.record(.ingested, path: path) }

        let reopened = try IngestJournal(descriptor: journal.descriptor)

        #expect(reopened.earlier.count == 3000)
        #expect(paths.allSatisfy { reopened.earlier[.init(path: $0)] == .ingested })
    }

    @Test func aRecordCutShortByACrashIsIgnored() throws {
        let journal = try IngestJournal.create()
        journal.record(.ingested, path: "/p/a.jpg")
        let cut = Array("i12:/p/b.j".utf8)
        _ = cut.withUnsafeBytes { write(journal.descriptor, $0.baseAddress, $0.count) }

        #expect(try IngestJournal(descriptor: journal.descriptor).earlier == [.init(path: "/p/a.jpg"): .ingested])
    }

    /// The second process of a command finds the first one's files unchanged: it counts them as
    /// what the first one did, and does not report them again.
    @Test func aRestartedRunCountsWhatTheEarlierProcessDidOnce() throws {
        let library = try TestLibrary()
        let root = try library.folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg"),
                                                                  Fixtures.sample("broken/truncated.jpg")])
        let journal = try IngestJournal.create()
        func run() throws -> (IngestSummary, [IngestEvent]) {
            var events: [IngestEvent] = []
            let pipeline = IngestPipeline(configuration: try Fixtures.pipeline(), catalog: library.catalog, library: library.library,
                                          options: IngestOptions(jobs: 2, journal: try IngestJournal(descriptor: journal.descriptor)))
            let summary = try pipeline.run(roots: [root.path]) { events.append($0) }
            return (summary, events)
        }
        let (first, firstEvents) = try run()
        #expect((first.ingested, first.failed, firstEvents.count) == (2, 1, 3))

        let (second, secondEvents) = try run()

        #expect((second.ingested, second.unchanged, second.failed, second.stillFailed) == (2, 0, 1, 0))
        #expect(secondEvents.isEmpty)
    }
}
