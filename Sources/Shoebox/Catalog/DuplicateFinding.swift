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

extension DuplicateFinding {
    /// The one query both backends run: plain SQL that SQLite and PostgreSQL read alike.
    static var duplicateCandidatesSQL: String {
        """
        SELECT content_hash, file_size, mtime_ns, path FROM assets WHERE missing = 0 AND content_hash IN (
            SELECT content_hash FROM assets WHERE missing = 0 AND content_hash IS NOT NULL
            GROUP BY content_hash HAVING count(*) > 1)
        """
    }
}
