/// Counts every file of an ingest command exactly once, whatever number of processes it took.
///
/// Some outcomes are known before the walk reaches their file: those an earlier process of a
/// supervised ingest recorded (its journal), and the files the crash log names, recorded as
/// `crashed` or `timeout` at the start of the run. They wait here, uncounted. When the walk
/// meets such a file again and finds nothing new (unchanged, still failed, skipped again), the
/// earlier outcome is counted instead and the event is not reported a second time; a new
/// outcome (the file changed since) replaces it. Whatever is still waiting at the end (a file
/// gone since, a crash-logged file outside the roots) is counted then.
///
/// Used on the catalog's thread only.
struct IngestTally {
    private(set) var summary = IngestSummary()
    private var waiting: [IngestJournal.Key: IngestJournal.Outcome]
    private let journal: IngestJournal?

    init(journal: IngestJournal?) {
        self.journal = journal
        waiting = journal?.earlier ?? [:]
    }

    /// The files recorded as failed so far by this command, not yet walked.
    var failedSoFar: Set<IngestJournal.Key> {
        Set(waiting.filter { $0.value == .failed }.keys)
    }

    /// An outcome recorded before the walk (a crash-logged file): journaled now, counted when
    /// the walk reaches the file or at the end.
    mutating func recordedBeforeWalk(_ outcome: IngestJournal.Outcome, path: String) {
        journal?.record(outcome, path: path)
        waiting[IngestJournal.Key(path: path)] = outcome
    }

    /// Counts `event` about `path`; returns false when it only repeats an outcome this command
    /// already reported (the caller then does not report it again).
    mutating func count(_ event: IngestEvent, path: String) -> Bool {
        let news = Self.outcome(of: event)
        if let earlier = waiting.removeValue(forKey: IngestJournal.Key(path: path)), news == nil || (news == .skipped && earlier == .skipped) {
            summary.count(earlier)
            return false
        }
        summary.count(event)
        if let news { journal?.record(news, path: path) }
        return true
    }

    /// Counts what the walk never reached; the summary is complete after this.
    mutating func finish() {
        for outcome in waiting.values { summary.count(outcome) }
        waiting = [:]
    }

    /// What a later process must not count again; nil for a file whose catalog row did not change.
    private static func outcome(of event: IngestEvent) -> IngestJournal.Outcome? {
        switch event {
        case .ingested: return .ingested
        case .relocated: return .relocated
        case .failed: return .failed
        case .skipped: return .skipped
        case .unchanged, .stillFailed, .missing: return nil
        }
    }
}
