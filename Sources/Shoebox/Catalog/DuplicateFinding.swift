/// Files that hold the same content, for `shoebox duplicates`.
///
/// Every backend keeps these promises (the contract tests check them):
/// - Only files on disk count (not flagged missing); shown, hidden or failed alike.
/// - Reads only; thread safety: may be called from any thread.
public protocol DuplicateFinding: AnyObject, Sendable {
    /// The files on disk that share their content with another, grouped by
    /// `DuplicateGroup.largestFirst`.
    func duplicateGroups() throws -> [DuplicateGroup]
}
