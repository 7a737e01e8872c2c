import Foundation

/// The totals of one ingest run.
public struct IngestSummary: Sendable, Equatable, Codable {
    public var ingested = 0
    public var unchanged = 0
    /// Known content at a new path or with a new stamp: catalog updated, nothing decoded.
    public var relocated = 0
    public var failed = 0
    /// Failures recorded by earlier runs whose files have not changed (not retried).
    public var stillFailed = 0
    /// Entries that are not regular files (links, FIFOs...), folders that cannot be read, and files
    /// that are not media by content or name.
    public var skipped = 0
    /// Assets newly flagged missing because their file is gone.
    public var missing = 0
    /// Roots whose assets were not checked for missing files, with the reason; and why places
    /// could not be named (the run's files are catalogued all the same).
    public var warnings: [String] = []
    /// Positions named by the places indexer in this run (`PlaceIndexer`).
    public var placesNamed = 0
    /// Roots that could not be walked at all (a typo, an unmounted disk): the run is not a success.
    public var unreadableRoots = 0
    public var seconds = 0.0

    public var filesSeen: Int { ingested + unchanged + relocated + failed + stillFailed }

    public init() {}

    mutating func count(_ event: IngestEvent) {
        switch event {
        case .ingested: ingested += 1
        case .unchanged: unchanged += 1
        case .relocated: relocated += 1
        case .failed: failed += 1
        case .stillFailed: stillFailed += 1
        case .skipped: skipped += 1
        case .missing: missing += 1
        }
    }

    mutating func count(_ outcome: IngestJournal.Outcome) {
        switch outcome {
        case .ingested: ingested += 1
        case .relocated: relocated += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
    }
}
