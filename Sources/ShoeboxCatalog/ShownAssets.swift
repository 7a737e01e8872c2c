/// Which assets albums and fetches show: catalogued without error, on disk, and not the video
/// half of a Live Photo (which is shown through its still).
///
/// One definition for every query, written exactly as the partial indexes of the albums
/// migration write theirs: SQLite uses a partial index only for a query whose WHERE clause
/// contains the index's condition.
enum ShownAssets {
    /// A file catalogued without error and on disk, shown or not (a group's hidden member, a
    /// Live Photo's video): what pairing and grouping may join.
    static let healthy = "status = 'ok' AND missing = 0"

    /// The condition on the `assets` table, unqualified.
    static let condition = healthy + " AND hidden = 0"

    /// The condition on assets under the alias `alias` (`a.status = 'ok' AND ...`).
    static func condition(_ alias: String) -> String {
        "\(healthy(alias)) AND \(alias).hidden = 0"
    }

    /// `healthy` on assets under the alias `alias`.
    static func healthy(_ alias: String) -> String {
        "\(alias).status = 'ok' AND \(alias).missing = 0"
    }
}
