#if canImport(Glibc)
import Glibc
#endif

/// The XMP packet of a file, found by its `<x:xmpmeta` ... `</x:xmpmeta>` markers, and the
/// few property values Shoebox reads from it (attribute or element form).
///
/// Not a full RDF parser: enough to read flags and numbers from untrusted packets, with the
/// packet size bounded and every search inside the file's bytes.
public struct XMPPacket: Sendable {
    public let text: String
    static let maxLength = 1 << 20

    /// The first XMP packet in `bytes`, or nil.
    public static func find(in bytes: UnsafeRawBufferPointer) -> XMPPacket? {
        guard let start = ByteSearch.first(Array("<x:xmpmeta".utf8), in: bytes, from: 0) else { return nil }
        let closing = Array("</x:xmpmeta>".utf8)
        let limit = min(bytes.count, start + maxLength)
        guard let end = ByteSearch.first(closing, in: UnsafeRawBufferPointer(rebasing: bytes[..<limit]), from: start) else {
            return nil
        }
        return XMPPacket(text: String(decoding: bytes[start..<end + closing.count], as: UTF8.self))
    }

    /// Every value of the property `name` (`GCamera:MotionPhoto="1"` or `<GCamera:MotionPhoto>1<`).
    public func values(_ name: String) -> [String] {
        withBytes { bytes in
            var found: [String] = []
            for (open, close) in [("\(name)=\"", "\""), ("\(name)='", "'"), ("<\(name)>", "<")] {
                let (open, close) = (Array(open.utf8), Array(close.utf8))
                var position = 0
                while let start = ByteSearch.first(open, in: bytes, from: position) {
                    position = start + open.count
                    guard let end = ByteSearch.first(close, in: bytes, from: position) else { break }
                    found.append(String(decoding: bytes[position..<end], as: UTF8.self).trimmingWhitespace())
                }
            }
            return found
        }
    }

    public func value(_ name: String) -> String? { values(name).first }

    /// Every value of the property `localName` in the namespace `uri`, whatever prefix the
    /// packet binds to it (`xmp:CreateDate`, or `xap:CreateDate` in packets from before 2005).
    public func values(_ localName: String, namespace uri: String) -> [String] {
        prefixes(of: uri).flatMap { values("\($0):\(localName)") }
    }

    /// The prefixes declared for `uri` (`xmlns:xmp="http://ns.adobe.com/xap/1.0/"`).
    func prefixes(of uri: String) -> [String] {
        withBytes { bytes in
            let declaration = Array("xmlns:".utf8)
            var found: [String] = []
            for quote in ["\"", "'"] {
                let value = Array("=\(quote)\(uri)\(quote)".utf8)
                var position = 0
                while let match = ByteSearch.first(value, in: bytes, from: position) {
                    position = match + value.count
                    var start = match
                    while start > 0, Self.isNameByte(bytes[start - 1]) { start -= 1 }
                    guard start < match, start >= declaration.count,
                          bytes[(start - declaration.count)..<start].elementsEqual(declaration) else { continue }
                    let prefix = String(decoding: bytes[start..<match], as: UTF8.self)
                    if !found.contains(prefix) { found.append(prefix) }
                }
            }
            return found
        }
    }

    /// Letters, digits, `_`, `-` and `.`: what an XML name prefix is made of (ASCII ones).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2D, 0x2E: return true
        default: return false
        }
    }

    /// The packet's UTF-8 bytes, searched with memchr rather than through Foundation's
    /// `range(of:)` (which converts to UTF-16 on Linux, and showed in profiles).
    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        var text = self.text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}

/// Finds a byte string in raw bytes (memchr for the first byte, then a compare).
enum ByteSearch {
    /// The last occurrence, searching backwards from the end (cheap when it is near the end).
    static func last(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index] == needle[0] && needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) { return index }
            index -= 1
        }
        return nil
    }

    static func first(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        guard let head = needle.first, offset >= 0, let base = bytes.baseAddress else { return nil }
        var position = offset
        while position + needle.count <= bytes.count {
            guard let hit = memchr(base + position, Int32(head), bytes.count - needle.count + 1 - position) else { return nil }
            let index = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + index, needle, needle.count) == 0 { return index }
            position = index + 1
        }
        return nil
    }
}
