import Foundation

/// The whole content of one source file, at a fixed address for as long as this object lives.
///
/// libvips's buffer loaders read lazily from the caller's memory without copying it, so the
/// bytes must not move or be freed while any image made from them is alive: every
/// `VipsImage` made from a `SourceBytes` keeps a reference to it.
public final class SourceBytes: @unchecked Sendable {
    public let buffer: UnsafeMutableRawBufferPointer

    /// Takes ownership of `buffer`, which must come from `UnsafeMutableRawBufferPointer.allocate`.
    init(owning buffer: UnsafeMutableRawBufferPointer) {
        self.buffer = buffer
    }

    /// Copies `data` (for tests and tools that already hold the bytes).
    public convenience init(copying data: Data) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        _ = data.copyBytes(to: buffer.bindMemory(to: UInt8.self))
        self.init(owning: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<data.count]))
        allocationBase = buffer
    }

    /// `count` zero bytes, for a reader that fills in only the parts it needs: a large
    /// `calloc` maps fresh pages, so the parts never written cost neither zeroing nor memory
    /// until read.
    init(zeroed count: Int) {
        buffer = UnsafeMutableRawBufferPointer(start: calloc(max(count, 1), 1), count: count)
        fromCalloc = true
    }

    /// The first `count` bytes of `pooled`, a buffer `pool` handed out, which gets it back when
    /// this object goes.
    init(pooled: UnsafeMutableRawBufferPointer, count: Int, from pool: ReadBufferPool) {
        buffer = UnsafeMutableRawBufferPointer(rebasing: pooled[0..<count])
        allocationBase = pooled
        self.pool = pool
    }

    /// The allocation `buffer` is a prefix of, when it is shorter than what was allocated.
    var allocationBase: UnsafeMutableRawBufferPointer?
    private var fromCalloc = false
    private var pool: ReadBufferPool?

    deinit {
        if fromCalloc {
            free(buffer.baseAddress)
        } else if let pool, let allocationBase {
            pool.giveBack(allocationBase)
        } else {
            (allocationBase ?? buffer).deallocate()
        }
    }

    public var count: Int { buffer.count }

    /// The first bytes, enough to sniff the format.
    public var head: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[0..<min(buffer.count, FormatSniffer.headerLength)])
    }
}
