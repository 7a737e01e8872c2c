/// What happened to one file, reported as the catalog records it (on the catalog's thread).
public enum IngestEvent: Sendable {
    case ingested(path: String, kind: AssetKind, size: PixelSize)
    case unchanged(assetID: Int64, path: String)
    case stillFailed(assetID: Int64, path: String)
    case relocated(assetID: Int64, path: String)
    case failed(IngestError)
    case skipped(path: String, reason: String)
    /// An asset whose file was not found under a root this run walked whole: flagged missing.
    case missing(path: String)
}
