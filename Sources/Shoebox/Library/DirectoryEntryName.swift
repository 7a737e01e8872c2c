import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The name of an entry `readdir` returned, as its bytes (no terminating zero).
///
/// Read through a pointer up to the name's end: `entry.pointee.d_name` copies all 256 bytes
/// the type declares, past the end of a short entry's record into bytes `readdir` never wrote
/// (valgrind reported decisions made on them) and, for the last entry of glibc's buffer,
/// possibly past the buffer's end.
enum DirectoryEntryName {
    static func bytes(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
            let name = UnsafeRawPointer(field).assumingMemoryBound(to: CChar.self)
            return Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        }
    }
}
