/// One of a PostgreSQL catalog's migration lists (`PostgresSchema.parts`), with the one rule
/// by which a database's version of it is accepted, and how messages name it.
///
/// The rule, the same for every list: a version newer than this Shoebox's list is refused, to
/// read as to write (a newer Shoebox wrote it, and this one cannot know what it means); to read
/// only, an older one is refused too (upgrading is writing, `CatalogError.olderSchema`), but for
/// a list a catalog may lack altogether and still be read as it is (`readableWhenAbsent`).
/// Errors are `CatalogError.newerSchema` and `.olderSchema`, on the catalog's name followed by
/// `label`, with both versions.
struct PostgresSchemaPart: Sendable {
    let list: PostgresMigrationList
    /// After the catalog's name in messages: "" for the catalog's own list, " (work queue)"...
    let label: String
    /// Whether a catalog without any of this list (version 0, an older Shoebox made it) is read
    /// as it is.
    let readableWhenAbsent: Bool

    /// Refuses to read only the database's version of this list, `found`, by the rule above
    /// (migrating refuses a newer one in `migrate`); `catalog` names the catalog.
    func checkReadable(found: Int, catalog: String) throws {
        let current = list.currentVersion
        if found > current { throw newer(found: found, catalog: catalog) }
        guard found < current, !(found == 0 && readableWhenAbsent) else { return }
        throw CatalogError.olderSchema(path: catalog + label, found: found, current: current)
    }

    /// The error for a database holding `found`, newer than this list.
    func newer(found: Int, catalog: String) -> CatalogError {
        CatalogError.newerSchema(path: catalog + label, found: found, supported: list.currentVersion)
    }

    /// Brings the database's list up to this Shoebox's, refusing a newer one (checked again
    /// under the migrations' lock, should a newer Shoebox migrate meanwhile).
    func migrate(_ connection: PGConnection, catalog: String) throws {
        try list.migrate(connection) { found in newer(found: found, catalog: catalog) }
    }
}
