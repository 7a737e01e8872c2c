#if canImport(Glibc)
import Glibc
#endif

/// Why a write failed; `isDiskFull` tells out-of-space apart.
public struct AtomicWriteError: Error, CustomStringConvertible {
    public var path: String
    public var code: Int32
    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
    public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
}

/// A failed write keeps the system's error number, so a full disk reads as ENOSPC.
extension AtomicWriteError: LibraryCausing {
    public var libraryCause: LibraryCause? {
        LibraryCause(library: "system", code: "\(code)", message: String(cString: strerror(code)))
    }
}
