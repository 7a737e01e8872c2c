#if canImport(Glibc)
import Glibc
#endif

/// Why a library folder cannot be used, or a file in it cannot be written or removed.
public enum LibraryError: Error, CustomStringConvertible {
    case cannotLock(String, String)
    case cannotCreate(String, String)
    /// The folder holds files but no `shoebox-library` marker (nor a catalog an earlier Shoebox
    /// made): it is someone else's, and Shoebox writes nothing in it.
    case notALibrary(path: String, reason: String)
    /// The marker names a format newer than this Shoebox reads.
    case newerFormat(path: String, format: Int)
    /// Something other than a folder (a symbolic link above all) where a library folder should be.
    case notAFolder(path: String, found: String)
    /// A system call on a library file failed; `code` is its errno.
    case system(path: String, operation: String, code: Int32)

    /// The errno of a failed system call, when that is what went wrong.
    public var code: Int32? {
        if case let .system(_, _, code) = self { return code }
        return nil
    }

    public var description: String {
        switch self {
        case let .cannotLock(path, reason): return "cannot lock library \(path): \(reason)"
        case let .cannotCreate(path, reason): return "cannot create library \(path): \(reason)"
        case let .notALibrary(path, reason):
            return "\(path) is not a Shoebox library: \(reason). Shoebox makes a library only in a new or empty "
                + "folder (one it marks with a \(LibraryMarker.fileName) file); give --library a new folder"
        case let .newerFormat(path, format):
            return "the library \(path) has format \(format), made by a newer Shoebox (this one reads format \(LibraryMarker.format) and older)"
        case let .notAFolder(path, found):
            return "\(path) should be a folder of the library but is \(found); Shoebox never follows a link "
                + "or writes through one in a library: move it away"
        case let .system(path, operation, code):
            return "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        }
    }
}
