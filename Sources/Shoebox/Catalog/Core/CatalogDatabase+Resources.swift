/// Resource files (`.aae`) as every backend records them.
extension CatalogDatabase {
    /// Notes a file that is only ever a resource (`ResourceGrouping.isResourceFile`) as seen by
    /// `run`, and groups it with the asset of its key, if there is one.
    func recordResourceFile(atPath path: String, status: SourceFile.Status, run: Int64) throws {
        try writing { try CatalogGrouping.recordResourceFile(atPath: path, status: status, run: run, db: $0) }
    }
}
