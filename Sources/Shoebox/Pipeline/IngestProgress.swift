import Synchronization

/// What a progress display reads while an ingest runs: whether the walk has finished (so
/// the number of files found is the total), the file a decoder started last, and the bytes
/// handed to decoders. Written by the walk and the decode workers, read by anyone; nothing
/// in the pipeline reads it back.
public final class IngestProgress: Sendable {
    private struct State {
        var finished = false
        var latest: String?
        var bytes: Int64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// True once every root has been walked: the files found are all there will be.
    public var walkFinished: Bool { state.withLock { $0.finished } }
    /// The path a decode worker started on most recently (nil before the first decode).
    public var decoding: String? { state.withLock { $0.latest } }
    /// The sizes of the files handed to decoders so far.
    public var bytesDecoded: Int64 { state.withLock { $0.bytes } }

    func finishWalk() { state.withLock { $0.finished = true } }

    func startDecoding(_ path: String, bytes size: Int64) {
        state.withLock {
            $0.latest = path
            $0.bytes += size
        }
    }
}
