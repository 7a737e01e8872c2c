import ShoeboxModel

/// Stores `HiddenRule` on the `assets` table, for both backends: `hidden` is never written
/// by hand, only settled from its causes (`resource_of`, a video's `paired_asset_id`,
/// `hidden_mark`, `burst_member`) by `settle`, which every change to a cause calls in its
/// transaction. `HiddenRuleTests` holds both conditions to the rule for every combination of
/// causes.
enum CatalogVisibility {
    /// `HiddenRule.isHiddenForMoreThanItsBurst` over one row of `assets` under `alias`: true
    /// or false, never NULL (a NULL mark is no mark), so that it can be negated.
    static func isHiddenForMoreThanItsBurst(_ alias: String) -> String {
        "(\(alias).resource_of IS NOT NULL OR (\(alias).kind = '\(AssetKind.video.rawValue)' AND \(alias).paired_asset_id IS NOT NULL)"
            + " OR \(alias).hidden_mark IS NOT NULL)"
    }

    /// `HiddenRule.isHidden` over one row of `assets`, in an UPDATE of it: 1 or 0.
    static let isHidden = "CASE WHEN \(isHiddenForMoreThanItsBurst("assets")) OR assets.burst_member = 1 THEN 1 ELSE 0 END"

    /// Settles `hidden` on the rows `ids` from their causes, writing only the rows it changes
    /// (so that PostgreSQL's kept album counts see no change where there is none).
    static func settle(_ ids: [Int64], db: some CatalogSQL) throws {
        guard !ids.isEmpty else { return }
        try db.run("UPDATE assets SET hidden = \(isHidden) WHERE \(db.isAmongIDs("id")) AND hidden <> \(isHidden)", db.idList(ids))
    }
}
