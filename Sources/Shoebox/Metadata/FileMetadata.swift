/// What Shoebox reads from one file without decoding its pixels: its format, its stored
/// pixel size, and the metadata an ingest would catalogue (capture time and its source,
/// camera, exposure, place).
public struct FileMetadata: Sendable, Equatable {
    public var path: String
    public var format: MediaFormat
    public var storedSize: PixelSize
    public var metadata: PhotoMetadata
}
