/// The gallery's web renditions: for each Live Photo its video, for each video itself, an
/// H.264 MP4 (`WebVideoEncoder`) written into the gallery folder as
/// `play-<content hash>-<recipe fingerprint>.mp4`. The name holds everything the bytes depend
/// on, so a rendition already in the folder is used as it is: a rebuild after no change
/// encodes nothing. A video that cannot be encoded gets no rendition (its tile keeps its
/// poster) and is named in `failures`; the gallery is built all the same.
final class GalleryRenditions {
    typealias Catalog = GalleryBuilder.Catalog

    private let folder: GalleryFolder
    private let catalog: Catalog
    /// Whether missing renditions are encoded; without, only the ones already there are used.
    private let encoding: Bool
    private(set) var made = 0
    private(set) var reused = 0
    /// Each asset's path whose rendition failed, with the reason.
    private(set) var failures: [String: String] = [:]
    /// The renditions this build links (kept when stale files are removed).
    private(set) var names: Set<String> = []

    init(folder: GalleryFolder, catalog: Catalog, encoding: Bool) {
        (self.folder, self.catalog, self.encoding) = (folder, catalog, encoding)
    }

    /// The rendition's file name (relative to the gallery) for a Live Photo or a video,
    /// made now when missing; nil for other kinds, or when there is none.
    func rendition(for asset: AssetRecord) -> String? {
        guard asset.status == .ok, asset.kind == .livePhoto || asset.kind == .video else { return nil }
        do {
            guard let source = try source(of: asset), !source.hash.isEmpty,
                  GalleryFileName.isLowerHex(Substring(source.hash)) else { return nil }
            let name = GalleryFileName.rendition(hash: source.hash, recipe: source.recipe.fingerprint)
            if names.contains(name) || folder.holdsFile(name) {
                if names.insert(name).inserted { reused += 1 }
                return name
            }
            guard encoding else { return nil }
            let video = try VideoFile(path: source.path, format: source.format, range: source.range)
            try folder.store(try WebVideoEncoder(video: video, recipe: source.recipe).encode(), as: name)
            names.insert(name)
            made += 1
            return name
        } catch {
            failures[asset.path] = "\(error)"
            return nil
        }
    }

    /// Where the video is and what it is made to: a video itself; a Live Photo's paired
    /// video, or the MP4 inside a motion photo. Nil without a content hash to name it by.
    private func source(of asset: AssetRecord) throws
        -> (path: String, format: MediaFormat, range: EmbeddedVideo?, hash: String, recipe: WebVideoRecipe)? {
        if asset.kind == .video {
            return asset.contentHash.map { (asset.path, asset.format ?? .mp4, nil, $0, .video) }
        }
        if let embedded = asset.details.motionPhoto {
            return asset.contentHash.map { (asset.path, .mp4, embedded, $0, .livePhoto) }
        }
        guard let id = asset.pairedAssetID, let video = try catalog.asset(id: id), video.status == .ok else { return nil }
        return video.contentHash.map { (video.path, video.format ?? .mp4, nil, $0, .livePhoto) }
    }
}
