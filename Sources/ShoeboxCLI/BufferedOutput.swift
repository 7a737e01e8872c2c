import Foundation

/// Standard output written in blocks of 64 KiB, for commands that print a line per asset: a
/// write(2) per line is a system call per asset. What is buffered is written by `flush()`,
/// which the caller runs before it returns (a `defer`), errors included.
final class BufferedOutput {
    private var buffer: [UInt8] = []
    private let blockSize = 65_536

    init() {
        buffer.reserveCapacity(blockSize + 4_096)
    }

    func line(_ text: String) {
        buffer += text.utf8
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= blockSize { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
