import Foundation

/// The whole content of one source file, at a fixed address for as long as this object lives.
///
/// libvips's buffer loaders read lazily from the caller's memory without copying it, so the
/// bytes must not move or be freed while any image made from them is alive: every
/// `VipsImage` made from a `SourceBytes` keeps a reference to it.
///
/// `padding` zero bytes follow the buffer in memory, so a range of it may go to a decoder that
/// reads a little past its input's end (FFmpeg's bitstream readers, `AV_INPUT_BUFFER_PADDING_SIZE`)
/// without being copied into a padded buffer first.
public final class SourceBytes: @unchecked Sendable {
    public let buffer: UnsafeMutableRawBufferPointer
    /// How many zero bytes follow `buffer`, readable, in every `SourceBytes`.
    public static let padding = 64

    /// Takes ownership of `buffer`, which must come from `UnsafeMutableRawBufferPointer.allocate`
    /// with `padding` more bytes than `buffer.count` (zeroed here).
    init(owning buffer: UnsafeMutableRawBufferPointer) {
        self.buffer = buffer
        zeroPadding()
    }

    /// Copies `data` (for tests and tools that already hold the bytes).
    public convenience init(copying data: Data) {
        let buffer = Self.allocate(data.count)
        _ = data.copyBytes(to: buffer.bindMemory(to: UInt8.self))
        self.init(owning: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<data.count]))
        allocationBase = buffer
    }

    /// `count` zero bytes, for a reader that fills in only the parts it needs: a large
    /// `calloc` maps fresh pages, so the parts never written cost neither zeroing nor memory
    /// until read.
    init(zeroed count: Int) {
        buffer = UnsafeMutableRawBufferPointer(start: calloc(count + Self.padding, 1), count: count)
        fromCalloc = true
    }

    /// The first `count` bytes of `pooled`, a buffer `pool` handed out (at least `padding` bytes
    /// longer), which gets it back when this object goes.
    init(pooled: UnsafeMutableRawBufferPointer, count: Int, from pool: ReadBufferPool) {
        precondition(pooled.count >= count + Self.padding, "a pooled buffer without room for the padding")
        buffer = UnsafeMutableRawBufferPointer(rebasing: pooled[0..<count])
        allocationBase = pooled
        self.pool = pool
        zeroPadding()
    }

    /// A buffer for `init(owning:)`: `count` bytes and the padding.
    static func allocate(_ count: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer.allocate(byteCount: count + padding, alignment: 16)
    }

    private func zeroPadding() {
        memset(buffer.baseAddress! + buffer.count, 0, Self.padding)
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
