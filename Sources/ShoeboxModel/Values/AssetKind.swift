/// What an asset is, as PhotoKit sees a library.
public enum AssetKind: String, Codable, Sendable, CaseIterable {
    case photo, video, livePhoto, gif

    private static let videoExtensions: Set<String> = ["mp4", "mov", "m4v", "3gp", "3g2", "mkv", "webm", "avi", "mts", "m2ts"]

    /// What a file that could not be read is most likely, from its name alone: a failure row
    /// needs a kind, and the name is all there is.
    public static func guess(forPath path: String) -> AssetKind {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return .photo }
        let ext = name[name.index(after: dot)...].lowercased()
        if videoExtensions.contains(ext) { return .video }
        return ext == "gif" ? .gif : .photo
    }
}
