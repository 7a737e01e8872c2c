/// An asset as the catalog holds it: what `list` and `show` print.
public struct AssetRecord: Sendable, Equatable {
    public enum Status: String, Codable, Sendable { case ok, failed }

    public var id: Int64
    public var path: String
    public var root: String
    public var kind: AssetKind
    public var format: MediaFormat?
    public var contentHash: String?
    public var fileSize: Int64
    public var modifiedNanoseconds: Int64
    /// As displayed, after orientation; 0 for a failed file whose header never read.
    public var width: Int
    public var height: Int
    public var metadata: PhotoMetadata
    public var status: Status
    public var errorClass: ErrorClass?
    public var errorMessage: String?
    /// For a failed file: the stage it failed in, and what the library said (when one refused it).
    public var errorStage: IngestStage?
    public var errorCause: LibraryCause?
    /// The file was not found under its root by the last complete walk.
    public var missing: Bool
    public var addedAt: String
    public var thumbnails: [ThumbnailRecord]
    public var details = MediaDetails()
    public var subtypes: Set<AssetSubtype> = []
    /// For a Live Photo, its video's asset; for that video, its still's.
    public var pairedAssetID: Int64?
    public var pairing: LivePhotoPairing.Method?
    /// This row is the video half of a Live Photo: listed only through its still.
    public var isPairedVideo = false
    /// A Live Photo's video file (the paired asset's path).
    public var pairedVideoPath: String?
    /// What the ingest noticed about a file it catalogued all the same (`AssetDraft.warning`).
    public var warning: String?
    /// Where its position is (`PlaceStore`), once the places indexer has named it.
    public var place: Place?
    /// The capture time's UTC offset in seconds east, and where it came from: the file's own,
    /// else its place's time zone (`CaptureOffset`); nil when neither is known.
    public var takenOffset: Int?
    public var takenOffsetSource: CaptureOffset.Source?
    /// The moment the catalog keeps it in (`Moment.id`); nil when none (not shown, not yet cut,
    /// or a capture time that does not parse).
    public var moment: Int64?
    /// Every file of the asset (`ResourceReading.resources(ofAsset:)`), when read: `show` reads
    /// them, listings do not (nil).
    public var resources: [AssetResource]?

    public init(id: Int64, path: String, root: String, kind: AssetKind, format: MediaFormat?, contentHash: String?,
                fileSize: Int64, modifiedNanoseconds: Int64, width: Int, height: Int, metadata: PhotoMetadata,
                status: Status, errorClass: ErrorClass?, errorMessage: String?, missing: Bool, addedAt: String,
                thumbnails: [ThumbnailRecord]) {
        self.id = id
        self.path = path
        self.root = root
        self.kind = kind
        self.format = format
        self.contentHash = contentHash
        self.fileSize = fileSize
        self.modifiedNanoseconds = modifiedNanoseconds
        self.width = width
        self.height = height
        self.metadata = metadata
        self.status = status
        self.errorClass = errorClass
        self.errorMessage = errorMessage
        self.missing = missing
        self.addedAt = addedAt
        self.thumbnails = thumbnails
    }
}
