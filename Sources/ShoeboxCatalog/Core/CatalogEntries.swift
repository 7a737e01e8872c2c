/// What the ingest's planning stages look a file up as (`CatalogEntry`): the columns, a row
/// made an entry, and thumbnails by name. A backend's `entry(atPath:)` is its own, the one
/// lookup every file makes: SQLite reads the row and its thumbnails in two statements on its
/// own file; PostgreSQL in one (a round trip per file is what an ingest waits on there).
enum CatalogEntries {
    static let columns = "id, path, content_hash, status, file_size, mtime_ns, sidecar_stamp, reading_version"

    /// A row of `columns`, its thumbnails still to read.
    static func entryWithoutThumbnails(from row: any CatalogRow) -> CatalogEntry {
        CatalogEntry(id: row.int64("id"), path: row.text("path"), contentHash: row.optionalText("content_hash"),
                     status: AssetRecord.Status(rawValue: row.text("status")) ?? .failed,
                     fileSize: row.int64("file_size"), modifiedNanoseconds: row.int64("mtime_ns"), thumbnails: [:],
                     sidecarStamp: row.optionalText("sidecar_stamp"), readingVersion: Int(row.int64("reading_version")))
    }

    /// Thumbnails by name (the first written, should two share one).
    static func byName(_ thumbnails: [ThumbnailRecord]) -> [String: ThumbnailRecord] {
        Dictionary(thumbnails.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
