/// Moments: the library cut into events by time and place (`MomentClustering`), kept in the
/// catalog so that listing them is a query, and cut again only where something changed.
///
/// Every backend keeps these promises (the contract tests check them):
/// - After `updateMoments()`, the kept moments are exactly `MomentClustering.moments` of
///   `momentCandidates()`: the same ids, spans, counts, covers and titles.
/// - What an update cuts again is what changed since the last one: new or re-recorded assets,
///   changed places or offsets, assets no longer shown (missing, failed, hidden) or shown
///   again, rows given up; and the moments within `MomentClustering.maximumGap` of them.
/// - An update is one transaction: a crash leaves the moments as they were, still marked for
///   the next update; two updates at once take turns.
public protocol MomentStore: AnyObject, Sendable {
    /// Cuts again what changed; returns how many assets were cut again (0: nothing changed).
    func updateMoments() throws -> Int
    /// The kept moments, newest first; only those that start in `period` (`2024`, `2024-05`:
    /// a prefix of their capture time as written) when given.
    func moments(startingIn period: String?) throws -> [Moment]
    /// The kept moment `id`, nil when there is none.
    func moment(id: Int64) throws -> Moment?
    /// Every shown asset as moments read it, in no particular order: one statement, whatever
    /// the count. What the kept moments are a cut of.
    func momentCandidates() throws -> [MomentCandidate]
}
