import Foundation

/// The XMP sidecar beside a media file, as darktable, Lightroom, digiKam and Immich write
/// them, and the capture times it holds: they override every date inside the file.
///
/// Two conventions: `IMG_1.jpg.xmp` (the full name) and `IMG_1.xmp` (the name without its
/// extension); when both are there the full name wins, since it cannot belong to another file
/// (`IMG_1.xmp` may sit beside both `IMG_1.CR2` and `IMG_1.JPG`). The `.xmp` extension is
/// looked for in lower and upper case. Read as UTF-8 or UTF-16 (`packet(at:)`); what it holds
/// besides dates is read by `SidecarMetadata`.
public enum XMPSidecar {
    /// The sidecar of the media file at `path`, or nil when there is none. `exists` says
    /// whether a regular file is at a path.
    public static func path(of path: String,
                            exists: (String) -> Bool = { SourceFile.status(ofPath: $0) != nil }) -> String? {
        let stem = (path as NSString).deletingPathExtension
        return [path + ".xmp", path + ".XMP", stem + ".xmp", stem + ".XMP"].first(where: exists)
    }

    /// The XMP packet of the sidecar at `path`, read as UTF-8, or as UTF-16 when it starts with
    /// a byte-order mark (`FF FE`, `FE FF`) or with `<` and a zero byte (either order, no mark);
    /// nil when it cannot be read or holds no packet.
    public static func packet(at path: String) -> XMPPacket? {
        guard let (bytes, _) = try? SourceFile.read(path, maxBytes: Int64(XMPPacket.maxLength) * 2) else { return nil }
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        guard let bigEndian = utf16ByteOrder(raw) else { return XMPPacket.find(in: raw) }
        var utf8 = Array(transcodedUTF16(raw, bigEndian: bigEndian).utf8)
        return utf8.withUnsafeMutableBytes { XMPPacket.find(in: UnsafeRawBufferPointer($0)) }
    }

    /// true for UTF-16 big-endian, false for little-endian, nil for text that is not UTF-16.
    static func utf16ByteOrder(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE), (0x3C, 0x00): return false
        case (0xFE, 0xFF), (0x00, 0x3C): return true
        default: return nil
        }
    }

    /// The text of UTF-16 bytes (a byte-order mark dropped; invalid units replaced).
    private static func transcodedUTF16(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if units.first == 0xFEFF { units.removeFirst() }
        return String(decoding: units, as: UTF16.self)
    }

    /// The capture times in the sidecar packet `packet`, each with its sidecar source
    /// (`XMP sidecar exif:DateTimeOriginal`). A sidecar's `xmp:ModifyDate` says when the
    /// sidecar was edited, not when the picture was taken: it is not one of them.
    static func dates(in packet: XMPPacket) -> [DateCandidate] {
        packet.dates().compactMap { candidate in
            sidecarSources[candidate.source].map { DateCandidate($0, candidate.value) }
        }
    }

    /// The source a date read from a sidecar takes, for each property a sidecar may hold.
    static let sidecarSources: [TakenAtSource: TakenAtSource] = [
        .xmpDateTimeOriginal: .sidecarDateTimeOriginal,
        .xmpDateTimeDigitized: .sidecarDateTimeDigitized,
        .xmpCreateDate: .sidecarCreateDate,
        .xmpPhotoshopDateCreated: .sidecarPhotoshopDateCreated,
    ]
}
