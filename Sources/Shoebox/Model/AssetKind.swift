/// What an asset is, as PhotoKit sees a library.
public enum AssetKind: String, Codable, Sendable, CaseIterable {
    case photo, video, livePhoto, gif
}
