/// PhotoKit's smart albums (`PHAssetCollectionTypeSmartAlbum`): collections computed from
/// what the catalog holds, updated by every ingest, never edited by hand.
///
/// Each one's members are the shown assets its `membership` admits, newest first (by
/// capture date, else the date added). The evidence each needs is in docs/CATALOG.md; a caller
/// may rely on every case being listed, in this order, whether or not it has members.
public enum SmartAlbum: String, CaseIterable, Sendable, Codable {
    case allPhotos, favorites, videos, livePhotos, selfies, portraits, animated, raw, panoramas, screenshots, screenRecordings, sloMo,
         timeLapses, bursts, recentlyAdded, hidden

    /// How long an asset stays in Recently Added after it was first catalogued.
    public static let recentDays = 30

    /// The title it is listed and found by (`list --album Favorites`).
    public var title: String {
        switch self {
        case .allPhotos: return "All Photos"
        case .favorites: return "Favorites"
        case .videos: return "Videos"
        case .livePhotos: return "Live Photos"
        case .selfies: return "Selfies"
        case .portraits: return "Portrait"
        case .animated: return "Animated"
        case .raw: return "RAW"
        case .panoramas: return "Panoramas"
        case .screenshots: return "Screenshots"
        case .screenRecordings: return "Screen Recordings"
        case .sloMo: return "Slo-mo"
        case .timeLapses: return "Time-lapse"
        case .bursts: return "Bursts"
        case .recentlyAdded: return "Recently Added"
        case .hidden: return "Hidden"
        }
    }

    /// The smart album of that title, its case ignored (`favorites` is Favorites).
    public init?(title: String) {
        guard let found = Self.allCases.first(where: { $0.title.lowercased() == title.lowercased() }) else { return nil }
        self = found
    }

    public var reference: AlbumReference { AlbumReference(.smart, title) }

    public var membership: SmartAlbumMembership {
        switch self {
        case .allPhotos: return .every
        case .favorites: return .favorite
        case .videos: return .kind(.video)
        case .livePhotos: return .kind(.livePhoto)
        case .selfies: return .frontCamera
        case .portraits: return .subtype(.depthEffect)
        case .animated: return .subtype(.animated)   // more than one frame: GIF, WebP, AVIF, PNG; a still GIF is not
        case .raw: return .subtype(.raw)
        case .panoramas: return .subtype(.panorama)
        case .screenshots: return .subtype(.screenshot)
        case .screenRecordings: return .screenRecording
        case .sloMo: return .subtype(.highFrameRate)
        case .timeLapses: return .subtype(.timeLapse)
        case .bursts: return .subtype(.burst)   // shown frames: each burst's representative
        case .recentlyAdded: return .addedWithin(days: Self.recentDays)
        case .hidden: return .hiddenByPerson
        }
    }

    /// Whether its members are the assets the person hid (Hidden), which every other album,
    /// fetch and moment leaves out, rather than shown ones.
    public var showsHiddenAssets: Bool { membership == .hiddenByPerson }
}
