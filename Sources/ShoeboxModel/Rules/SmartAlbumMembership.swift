import Foundation

/// Which shown assets a smart album admits, as a value: the catalog turns it into one query
/// for every backend, and `admits` is its Swift twin, which tests hold the query to.
public indirect enum SmartAlbumMembership: Equatable, Sendable {
    /// Every shown asset.
    case every
    case kind(AssetKind)
    case subtype(AssetSubtype)
    /// A favorite by `FavoriteRule`: the person's mark, else a rating of 5.
    case favorite
    /// Taken with a phone's front camera, by its lens model (`CaptureEvidence.isFrontCamera`).
    case frontCamera
    /// A video a screen recorder made, by its name (`CaptureEvidence.isScreenRecording`).
    case screenRecording
    /// First catalogued less than `days` days before now.
    case addedWithin(days: Int)
    /// Hidden by the person (`shoebox hide`): among the assets every other album leaves out
    /// (`HiddenRule`), never among the shown ones.
    case hiddenByPerson
    case anyOf([SmartAlbumMembership])

    /// What the rule reads of one asset.
    public struct Facts: Sendable {
        public var kind: AssetKind
        public var subtypes: Set<AssetSubtype>
        public var favoriteMark: Bool?
        public var rating: Int?
        public var addedAt: Date
        public var lensModel: String?
        public var fileName: String
        public var isHiddenByPerson: Bool

        public init(kind: AssetKind, subtypes: Set<AssetSubtype>, favoriteMark: Bool?, rating: Int?, addedAt: Date,
                    lensModel: String? = nil, fileName: String = "", isHiddenByPerson: Bool = false) {
            (self.kind, self.subtypes, self.favoriteMark, self.rating, self.addedAt) = (kind, subtypes, favoriteMark, rating, addedAt)
            (self.lensModel, self.fileName, self.isHiddenByPerson) = (lensModel, fileName, isHiddenByPerson)
        }
    }

    public func admits(_ asset: Facts, now: Date) -> Bool {
        switch self {
        case .every: return true
        case let .kind(kind): return asset.kind == kind
        case let .subtype(subtype): return asset.subtypes.contains(subtype)
        case .favorite: return FavoriteRule.isFavorite(mark: asset.favoriteMark, rating: asset.rating)
        case .frontCamera: return CaptureEvidence.isFrontCamera(lensModel: asset.lensModel)
        case .screenRecording: return CaptureEvidence.isScreenRecording(fileName: asset.fileName, kind: asset.kind)
        case let .addedWithin(days): return asset.addedAt >= Self.start(ofDays: days, before: now)
        case .hiddenByPerson: return asset.isHiddenByPerson
        case let .anyOf(rules): return rules.contains { $0.admits(asset, now: now) }
        }
    }

    /// The earliest moment an asset added `days` days before `now` still counts as recent.
    public static func start(ofDays days: Int, before now: Date) -> Date {
        now.addingTimeInterval(-Double(days) * 86_400)
    }
}
