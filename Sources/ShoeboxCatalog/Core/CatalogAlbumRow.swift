/// An album's row: its id and explicit cover. A folder album has one only once given a cover
/// or cover images.
struct CatalogAlbumRow {
    var id: Int64
    var explicitCover: Int64?

    /// One album's row, or nil when it has none: one seek of the (kind, title) index.
    static func read(_ album: AlbumReference, db: some CatalogSQL) throws -> CatalogAlbumRow? {
        try db.first("SELECT id, cover_asset_id FROM albums WHERE kind = ? AND title = ?", album.kind.rawValue, album.title) {
            CatalogAlbumRow(id: $0.int64("id"), explicitCover: $0.optionalInt64("cover_asset_id"))
        }
    }
}
