/// A catalogued file whose content hash another catalogued file shares, as the catalog last
/// saw it: what `DuplicateCheck` holds against the disk before `shoebox duplicates` lists it.
public struct CataloguedCopy: Sendable, Equatable {
    /// `ContentHasher`'s XXH3-128 over every byte, at the last ingest.
    public var contentHash: String
    public var fileSize: Int64
    /// The modification time the last ingest saw, in nanoseconds since 1970.
    public var modifiedNanoseconds: Int64
    public var path: String

    public init(contentHash: String, fileSize: Int64, modifiedNanoseconds: Int64, path: String) {
        self.contentHash = contentHash
        self.fileSize = fileSize
        self.modifiedNanoseconds = modifiedNanoseconds
        self.path = path
    }
}
