/// Files that held the same content when they were catalogued, for `shoebox duplicates`,
/// which holds them against the disk (`DuplicateCheck`) before listing any.
///
/// Every backend keeps these promises (the contract tests check them):
/// - Only files not flagged missing count; shown, hidden or failed alike.
/// - Only files whose content hash at least one other such file shares are returned.
/// - Reads only; thread safety: may be called from any thread.
public protocol DuplicateFinding: AnyObject, Sendable {
    func duplicateCandidates() throws -> [CataloguedCopy]
}
