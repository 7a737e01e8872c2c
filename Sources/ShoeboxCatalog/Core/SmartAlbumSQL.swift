import Foundation

/// A smart album's membership (`SmartAlbumMembership`) as one WHERE condition over the assets
/// under alias `a`, the same text for every backend, every value bound. `admits` is its Swift
/// twin; `SmartAlbumTests` holds the two to each other.
struct SmartAlbumSQL {
    var condition: String
    var bindings: [Any?]

    init(_ membership: SmartAlbumMembership, now: Date) {
        switch membership {
        case .every:
            (condition, bindings) = ("1 = 1", [])
        case let .kind(kind):
            (condition, bindings) = ("a.kind = ?", [kind.rawValue])
        case let .subtype(subtype):
            // `subtypes` is a comma-separated list of raw values, which hold no LIKE wildcard.
            (condition, bindings) = ("(',' || a.subtypes || ',') LIKE ?", ["%,\(subtype.rawValue),%"])
        case .favorite:
            (condition, bindings) = ("(a.favorite = 1 OR (a.favorite IS NULL AND a.rating >= ?))", [FavoriteRule.favoriteRating])
        case .frontCamera:
            (condition, bindings) = ("lower(a.lens_model) LIKE ?", ["%\(CaptureEvidence.frontWord)%"])
        case .screenRecording:
            // A prefix compared whole (substr), so that no `_` in a name acts as a wildcard.
            let prefixes = CaptureEvidence.screenRecordingPrefixes
            let tests = prefixes.map { "substr(lower(a.file_name), 1, \($0.utf8.count)) = ?" }.joined(separator: " OR ")
            (condition, bindings) = ("(a.kind = ? AND (\(tests)))", [AssetKind.video.rawValue] + prefixes)
        case let .addedWithin(days):
            let start = SmartAlbumMembership.start(ofDays: days, before: now)
            (condition, bindings) = ("a.added_at >= ?", [start.formatted(.iso8601)])
        case .hiddenByPerson:
            (condition, bindings) = ("a.hidden_mark = 1", [])
        case let .anyOf(parts) where parts.isEmpty:
            (condition, bindings) = ("1 = 0", [])   // admits nothing, as `admits` says
        case let .anyOf(parts):
            let made = parts.map { SmartAlbumSQL($0, now: now) }
            condition = "(" + made.map(\.condition).joined(separator: " OR ") + ")"
            bindings = made.flatMap(\.bindings)
        }
    }
}
