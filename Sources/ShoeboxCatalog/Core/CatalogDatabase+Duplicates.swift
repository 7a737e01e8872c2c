/// What `duplicates` reads, the same on every backend (`DuplicateFinding`).
extension CatalogDatabase {
    func duplicateCandidates() throws -> [CataloguedCopy] {
        try reading { db in
            try db.rows("""
                SELECT content_hash, file_size, mtime_ns, path FROM assets WHERE missing = 0 AND content_hash IN (
                    SELECT content_hash FROM assets WHERE missing = 0 AND content_hash IS NOT NULL
                    GROUP BY content_hash HAVING count(*) > 1)
                """) { row in
                CataloguedCopy(contentHash: row.text("content_hash"), fileSize: row.int64("file_size"),
                               modifiedNanoseconds: row.int64("mtime_ns"), path: row.text("path"))
            }
        }
    }
}
