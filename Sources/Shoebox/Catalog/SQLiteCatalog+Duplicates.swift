extension SQLiteCatalog: DuplicateFinding {
    public func duplicateCandidates() throws -> [CataloguedCopy] {
        try read { db in
            let statement = try db.statement(Self.duplicateCandidatesSQL)
            var files: [CataloguedCopy] = []
            while try statement.step() {
                files.append(CataloguedCopy(contentHash: statement.text("content_hash"), fileSize: statement.int64("file_size"),
                                            modifiedNanoseconds: statement.int64("mtime_ns"), path: statement.text("path")))
            }
            return files
        }
    }
}
