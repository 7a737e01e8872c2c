import Testing

/// Says, in the test report, when the contract suites ran without PostgreSQL (they then list
/// only SQLite among their arguments, so they cannot skip it themselves).
@Suite struct PostgresContractPresence {
    @Test(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
    func thePostgreSQLBackendIsUnderContract() {
        #expect(CatalogBackend.all.map(\.name).contains("postgres"))
    }
}
