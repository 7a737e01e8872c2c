/// Which derivative files the catalog still refers to, for `DerivativeSweeper`.
extension SQLiteCatalog {
    public func recordedThumbnailPaths() throws -> Set<String> {
        try read { db in
            let statement = try db.statement("SELECT DISTINCT path FROM thumbnails")
            var paths = Set<String>()
            while try statement.step() { paths.insert(statement.text(0)) }
            return paths
        }
    }
}
