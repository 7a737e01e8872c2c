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
    /// The file was not found under its root by the last complete walk.
    public var missing: Bool
    public var addedAt: String
    public var thumbnails: [ThumbnailRecord]
}
