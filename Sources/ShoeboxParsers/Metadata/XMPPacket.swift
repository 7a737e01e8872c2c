#if canImport(Glibc)
import Glibc
#endif

/// The XMP packet of a file, found by its `<x:xmpmeta` ... `</x:xmpmeta>` markers and read
/// as XML (`XMPTree`, expat), and the property values Shoebox reads from it, by namespace.
///
/// The packet is bounded (`maxLength`) and untrusted: see `XMPTree` for what its parse refuses.
public struct XMPPacket: Sendable {
    public let text: String
    let tree: XMPTree
    package static let maxLength = 1 << 20

    init(text: String) {
        self.text = text
        var utf8 = text
        tree = utf8.withUTF8 { XMPTree(parsing: UnsafeRawBufferPointer($0)) }
    }

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

    /// Every value of the property `name`, written with the prefix the packet uses for it
    /// (`GCamera:MotionPhoto`, an attribute or an element's text), in document order: for the
    /// vendor properties whose files agree on a prefix more than on a namespace.
    public func values(_ name: String) -> [String] {
        guard let colon = name.firstIndex(of: ":") else { return [] }
        let prefix = name[..<colon], local = name[name.index(after: colon)...]
        return tree.properties.filter { $0.name.prefix == prefix && $0.name.local == local }.map(\.value)
    }

    public func value(_ name: String) -> String? { values(name).first }

    /// Every value of the property `localName` in the namespace `uri`, whatever prefix the
    /// packet binds to it (`xmp:CreateDate`, or `xap:CreateDate` in packets from before 2005).
    public func values(_ localName: String, namespace uri: String) -> [String] {
        tree.properties.filter { $0.name.namespace == uri && $0.name.local == localName }.map(\.value)
    }

    /// The items of the array property `localName` in the namespace `uri`, in document order.
    func listItems(_ localName: String, namespace uri: String) -> [XMPTree.ListItem] {
        tree.lists.filter { $0.name.namespace == uri && $0.name.local == localName }.flatMap(\.items)
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
