/// What the pipeline has learnt about one file so far; each stage adds its part.
public struct AssetDraft: Sendable {
    public var file: DiscoveredFile
    /// The catalog's asset for this file, when it already had one (by path, or by content after a move).
    public var existingID: Int64?
    public var contentHash: String = ""
    public var format: MediaFormat = .jpeg
    public var storedSize = PixelSize(width: 0, height: 0)
    public var displayedSize = PixelSize(width: 0, height: 0)
    public var metadata = PhotoMetadata()
    public var kind: AssetKind = .photo
    public var details = MediaDetails()
    public var subtypes: Set<AssetSubtype> = []
    public var thumbnails: [ThumbnailRecord] = []
    /// Something a person should know about a file that was still catalogued (a motion
    /// photo whose video is cut short is a photo), or nil.
    public var warning: String?
    /// `SidecarMetadata.stamp` of the sidecars whose values are in `metadata`; nil for none.
    public var sidecarStamp: String?
    /// The catalogued asset whose content this file is (thumbnails present) when only its
    /// sidecars changed: the decode stage reads the metadata again for it, and no pixel.
    public var metadataRefreshOf: Int64?

    public init(file: DiscoveredFile, existingID: Int64?) {
        self.file = file
        self.existingID = existingID
    }

    /// Adds `text` to the warning: a file may have more than one thing to say ("; " between them).
    public mutating func warn(_ text: String) {
        warning = warning.map { "\($0); \(text)" } ?? text
    }
}
