extension SQLiteCatalog: DuplicateFinding {
    public func duplicateGroups() throws -> [DuplicateGroup] {
        try read { db in
            let statement = try db.statement("""
                SELECT content_hash, file_size, path FROM assets WHERE missing = 0 AND content_hash IN (
                    SELECT content_hash FROM assets WHERE missing = 0 AND content_hash IS NOT NULL
                    GROUP BY content_hash HAVING count(*) > 1)
                """)
            var files: [(contentHash: String, fileSize: Int64, path: String)] = []
            while try statement.step() {
                files.append((statement.text("content_hash"), statement.int64("file_size"), statement.text("path")))
            }
            return DuplicateGroup.largestFirst(files)
        }
    }
}
