import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The catalog core writes `?` once for both backends; PostgreSQL reads `$1`, `$2`...
@Suite struct PostgresPlaceholdersTests {
    @Test(arguments: [
        ("SELECT id FROM assets WHERE path = ?", "SELECT id FROM assets WHERE path = $1"),
        ("UPDATE assets SET kind = ?, hidden = ? WHERE id = ?", "UPDATE assets SET kind = $1, hidden = $2 WHERE id = $3"),
        ("SELECT a FROM t WHERE id IN (?1, (SELECT b FROM t WHERE id = ?1))", "SELECT a FROM t WHERE id IN ($1, (SELECT b FROM t WHERE id = $1))"),
        ("SELECT '?' AS q, \"a?b\" FROM t WHERE x = ?", "SELECT '?' AS q, \"a?b\" FROM t WHERE x = $1"),
        ("SELECT ?12", "SELECT $12"),
        ("SELECT 1", "SELECT 1"),
    ])
    func placeholdersAreNumberedOutsideQuotes(core: String, postgres: String) {
        #expect(PostgresPlaceholders.numbered(core) == postgres)
    }
}
