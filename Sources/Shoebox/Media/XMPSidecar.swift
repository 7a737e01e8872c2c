import Foundation

/// The XMP sidecar beside a media file, as darktable, Lightroom, digiKam and Immich write
/// them, and the capture times it holds: they override every date inside the file.
///
/// Two conventions: `IMG_1.jpg.xmp` (the full name) and `IMG_1.xmp` (the name without its
/// extension); when both are there the full name wins, since it cannot belong to another file
/// (`IMG_1.xmp` may sit beside both `IMG_1.CR2` and `IMG_1.JPG`). The `.xmp` extension is
/// looked for in lower and upper case. Read as UTF-8, at most `XMPPacket.maxLength` bytes.
public enum XMPSidecar {
    /// The sidecar of the media file at `path`, or nil when there is none. `exists` says
    /// whether a regular file is at a path.
    public static func path(of path: String,
                            exists: (String) -> Bool = { SourceFile.status(ofPath: $0) != nil }) -> String? {
        let stem = (path as NSString).deletingPathExtension
        return [path + ".xmp", path + ".XMP", stem + ".xmp", stem + ".XMP"].first(where: exists)
    }

    /// The capture times in the sidecar of the media file at `path`, each with its sidecar
    /// source (`XMP sidecar exif:DateTimeOriginal`); empty when there is no sidecar or it
    /// cannot be read. A sidecar's `xmp:ModifyDate` says when the sidecar was edited, not when
    /// the picture was taken: it is not one of them.
    public static func dates(beside path: String) -> [DateCandidate] {
        guard let sidecar = Self.path(of: path),
              let (bytes, _) = try? SourceFile.read(sidecar, maxBytes: Int64(XMPPacket.maxLength)),
              let packet = XMPPacket.find(in: UnsafeRawBufferPointer(bytes.buffer)) else { return [] }
        return packet.dates().compactMap { candidate in
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
