/// What moments are cut from: every shown asset's capture time, offset, position and place
/// (`MomentClustering` cuts them, in Swift, the same for every backend).
public protocol MomentReading: AnyObject, Sendable {
    /// Every shown asset, in no particular order: one statement, whatever the count.
    func momentCandidates() throws -> [MomentCandidate]
}
