/// One file of an asset: its original, its edited rendition, a Live Photo's video, the
/// adjustment data beside it. What `shoebox show` lists as `resources`.
public struct AssetResource: Sendable, Equatable {
    public var type: AssetResourceType
    /// `PathText`, as the catalog stores every path.
    public var path: String
    public var fileSize: Int64

    public init(type: AssetResourceType, path: String, fileSize: Int64) {
        self.type = type
        self.path = path
        self.fileSize = fileSize
    }
}
