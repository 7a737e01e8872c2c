/// Which derivative files the catalog still refers to, for `DerivativeSweeper`.
extension SQLiteCatalog {
    public func recordedThumbnailPaths() throws -> Set<String> {
        try distinctPaths(in: "thumbnails")
    }

    /// Every `path` of `table` (a table of derivative files: thumbnails, album covers), once.
    func distinctPaths(in table: String) throws -> Set<String> {
        try read { db in
            let statement = try db.statement("SELECT DISTINCT path FROM \(table)")
            var paths = Set<String>()
            while try statement.step() { paths.insert(statement.text(0)) }
            return paths
        }
    }
}
