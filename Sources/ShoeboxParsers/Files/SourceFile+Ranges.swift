import Foundation

extension SourceFile {
    /// Exactly the bytes of `range` of an open file (`pread`, retried on `EINTR`), for the
    /// readers that walk a file's structure a header at a time (`TIFFPixelData`,
    /// `WebPFrameData`, `QuickTimeUserData`); nil when the file ends before the range does or
    /// cannot be read.
    static func bytes(_ fd: Int32, in range: Range<Int64>) -> [UInt8]? {
        let count = Int(range.count)
        var bytes = [UInt8](repeating: 0, count: count), done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(range.lowerBound) + off_t(done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}
