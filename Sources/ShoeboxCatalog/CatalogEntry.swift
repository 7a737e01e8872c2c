/// What the pipeline needs to know of an existing asset to decide whether to work on a file.
public struct CatalogEntry: Sendable, Equatable {
    public var id: Int64
    public var path: String
    public var contentHash: String?
    public var status: AssetRecord.Status
    public var fileSize: Int64
    public var modifiedNanoseconds: Int64
    /// The thumbnails the catalog holds for it, by spec name.
    public var thumbnails: [String: ThumbnailRecord]
    /// `SidecarMetadata.stamp` of the sidecars last read for it; nil for none.
    public var sidecarStamp: String? = nil
    /// The `EvidenceReading.version` that read it (0: a Shoebox before versions were recorded).
    public var readingVersion = EvidenceReading.version

    /// Whether an earlier reading catalogued it: its evidence is to be read again.
    public var readByAnEarlierVersion: Bool { readingVersion < EvidenceReading.version }
}
