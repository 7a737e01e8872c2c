/// When a watched tree has settled enough to ingest: once no change has come for `quiet`
/// seconds (a file being copied keeps changing until its last write), or at the latest
/// `longest` seconds after the first change not yet ingested, so that a file written without
/// end (a log beside the photos) cannot hold back the others. A file still growing when an
/// ingest starts is caught by its next change, and ingested again once it is complete.
///
/// Times are seconds on a monotonic clock; the value only compares them.
public struct WatchSettling: Equatable, Sendable {
    public let quiet: Double
    public let longest: Double
    private var firstChange: Double?
    private var lastChange: Double?

    public init(quiet: Double, longest: Double) {
        self.quiet = quiet
        self.longest = max(longest, quiet)
    }

    /// Whether changes are waiting to be ingested.
    public var hasChanges: Bool { firstChange != nil }

    public mutating func changed(at time: Double) {
        if firstChange == nil { firstChange = time }
        lastChange = max(lastChange ?? time, time)
    }

    /// The moment the waiting changes are due for an ingest; nil when none are waiting.
    public var due: Double? {
        guard let firstChange, let lastChange else { return nil }
        return min(lastChange + quiet, firstChange + longest)
    }

    public func isDue(at time: Double) -> Bool {
        due.map { time >= $0 } ?? false
    }

    /// An ingest has started: what changed before it will be seen by it.
    public mutating func ingestStarted() {
        firstChange = nil
        lastChange = nil
    }
}
