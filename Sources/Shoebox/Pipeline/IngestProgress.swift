import Foundation

/// What a progress display reads while an ingest runs: whether the walk has finished (so
/// the number of files found is the total), the files a count ahead of the walk found (a
/// total known long before the walk, which waits for the decoders, ends), the file a decoder
/// started last, and the bytes handed to decoders. Written by the walk and the decode workers, read by anyone; nothing
/// in the pipeline reads it back.
public final class IngestProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var latest: String?
    private var bytes: Int64 = 0
    private var counted: Int?

    public init() {}

    /// True once every root has been walked: the files found are all there will be.
    public var walkFinished: Bool { lock.withLock { finished } }
    /// The regular files under the roots, once a count ahead of the walk has finished; nil
    /// before (or when no count runs: a queue worker's walk).
    public var filesCounted: Int? { lock.withLock { counted } }
    /// The path a decode worker started on most recently (nil before the first decode).
    public var decoding: String? { lock.withLock { latest } }
    /// The sizes of the files handed to decoders so far.
    public var bytesDecoded: Int64 { lock.withLock { bytes } }

    func finishWalk() { lock.withLock { finished = true } }

    func finishCount(_ files: Int) {
        lock.withLock { counted = files }
        InFlightTable.publish(counted: files)   // for a supervisor's line after a stop
    }

    func startDecoding(_ path: String, bytes size: Int64) {
        lock.withLock {
            latest = path
            bytes += size
        }
    }
}
