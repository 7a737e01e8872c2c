/// Finds the MP4 that Android "motion photos" embed in a still.
///
/// Google writes XMP (`GCamera:MotionPhoto` / `MicroVideo`, with `MicroVideoOffset` counted
/// from the end of the file, or a `Container:Directory` whose `MotionPhoto` item's `Length`
/// is the tail of the file); Samsung appends `MotionPhoto_Data` then the MP4 to a JPEG, or an
/// `mpvd` box to a HEIC. Whatever the claim, the range must start with an `ftyp` box of a
/// known brand before it is believed; where a phone set `MotionPhoto=1` but wrote no offset,
/// the `ftyp` box is searched for after the still's own data. Some Android phones write no
/// XMP and no marker and just append the MP4 to the JPEG: an `ftyp` box right at the JPEG's
/// end-of-image marker starts such a video (anything else after that marker is ignored). A
/// video the file does not hold whole (an XMP length or offset past the start of the file, a
/// box of the MP4 running past its end) is `cutShort`: never a partial video.
public enum MotionPhotoScanner {
    static let brands: Set<String> = ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "qt  ",
                                      "M4V ", "3gp4", "3gp5", "3gp6", "msnv", "MSNV", "mp4v", "hvc1"]

    /// What `bytes` (a JPEG or HEIC) hold of a motion photo's video. `endOfImage`: a JPEG's
    /// offset just past its end-of-image marker when the caller knows it already (its decode
    /// read up to there, `DirectJPEGDecoder`), so that the entropy-coded data is not walked
    /// again for it; nil: walked for when needed (`JPEGStructure.endOfImage`).
    public static func scan(_ bytes: UnsafeRawBufferPointer, format: MediaFormat, xmp: XMPPacket?,
                            endOfImage: Int? = nil) -> MotionPhotoFinding? {
        guard let finding = locate(bytes, format: format, xmp: xmp, endOfImage: endOfImage) else { return nil }
        guard case let .video(video) = finding, let cut = boxPastTheEnd(of: video, in: bytes) else { return finding }
        return .cutShort(reason: "the motion photo's video is cut short: its \(cut.type) box runs \(cut.beyond) bytes past the end of the file")
    }

    private static func locate(_ bytes: UnsafeRawBufferPointer, format: MediaFormat, xmp: XMPPacket?,
                               endOfImage: Int?) -> MotionPhotoFinding? {
        if let xmp, let finding = fromXMP(xmp, bytes: bytes, format: format) { return finding }
        if format == .jpeg, let video = appendedToJPEG(bytes, endOfImage: endOfImage) { return .video(video) }
        if format == .heic { return mpvdBox(bytes) }
        return nil
    }

    private static func fromXMP(_ xmp: XMPPacket, bytes: UnsafeRawBufferPointer, format: MediaFormat) -> MotionPhotoFinding? {
        let size = Int64(bytes.count)
        if let offset = (xmp.value("GCamera:MicroVideoOffset") ?? xmp.value("Camera:MicroVideoOffset")).flatMap(Int64.init), offset > 0 {
            guard offset < size else { return .cutShort(reason: tailPastTheStart("MicroVideoOffset", offset, size)) }
            if let video = checked(EmbeddedVideo(offset: size - offset, length: offset), bytes) { return .video(video) }
        }
        let semantics = xmp.values("Item:Semantic"), lengths = xmp.values("Item:Length")
        if let index = semantics.firstIndex(of: "MotionPhoto") {
            // Lengths are listed for the items after the primary one, in order.
            let lengthIndex = index - (semantics.count - lengths.count)
            if lengths.indices.contains(lengthIndex), let length = Int64(lengths[lengthIndex]), length > 0 {
                guard length < size else { return .cutShort(reason: tailPastTheStart("Item:Length", length, size)) }
                if let video = checked(EmbeddedVideo(offset: size - length, length: length), bytes) { return .video(video) }
            }
        }
        let flagged = ["GCamera:MotionPhoto", "Camera:MotionPhoto", "GCamera:MicroVideo"].contains { xmp.value($0) == "1" }
        return flagged ? scanForVideo(bytes, format: format).map(MotionPhotoFinding.video) : nil
    }

    /// The XMP says the video is the file's last `length` bytes, but the file is no longer than that.
    private static func tailPastTheStart(_ key: String, _ length: Int64, _ size: Int64) -> String {
        "the motion photo's video is cut short: its XMP \(key) says the video is the last \(length) bytes, "
            + "and the file has \(size)"
    }

    /// A video appended to a JPEG, found without XMP: a Samsung trailer's, else an MP4 right at
    /// the end-of-image marker. Both follow the still's own data, so the trailer's marker is
    /// looked for only after that marker (the whole file when the walk finds no end): the
    /// still's bytes are searched once, not twice, and a marker's name in a header segment
    /// is not taken for the trailer. `known`: that marker's end, when the caller has it.
    private static func appendedToJPEG(_ bytes: UnsafeRawBufferPointer, endOfImage known: Int?) -> EmbeddedVideo? {
        let end = known ?? JPEGStructure.endOfImage(bytes)
        return samsungTrailer(bytes, from: end ?? 0) ?? end.flatMap { videoAtEndOfImage(bytes, at: $0) }
    }

    private static func samsungTrailer(_ bytes: UnsafeRawBufferPointer, from start: Int) -> EmbeddedVideo? {
        let marker = Array("MotionPhoto_Data".utf8)
        guard let found = ByteSearch.first(marker, in: bytes, from: start) else { return nil }
        let offset = found + marker.count
        let end = ByteSearch.first(Array("SEFH".utf8), in: bytes, from: offset) ?? bytes.count
        return checked(EmbeddedVideo(offset: Int64(offset), length: Int64(end - offset)), bytes)
    }

    /// An MP4 appended right after the JPEG's end-of-image marker (`end`: just past it), with
    /// nothing to announce it.
    private static func videoAtEndOfImage(_ bytes: UnsafeRawBufferPointer, at end: Int) -> EmbeddedVideo? {
        guard end < bytes.count else { return nil }
        return checked(EmbeddedVideo(offset: Int64(end), length: Int64(bytes.count - end)), bytes)
    }

    private static func mpvdBox(_ bytes: UnsafeRawBufferPointer) -> MotionPhotoFinding? {
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = Int(readUInt32(bytes, offset))
            var header = 8
            if size == 1, offset + 16 <= bytes.count {
                size = Int(clamping: UInt64(readUInt32(bytes, offset + 8)) << 32 | UInt64(readUInt32(bytes, offset + 12)))
                header = 16
            } else if size == 0 {
                size = bytes.count - offset
            }
            let isVideo = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "mpvd"
            guard size >= header, size <= bytes.count - offset else {   // no overflow on huge sizes
                guard isVideo, size >= header else { return nil }
                return .cutShort(reason: "the motion photo's video is cut short: its mpvd box runs "
                                 + "\(size - (bytes.count - offset)) bytes past the end of the file")
            }
            if isVideo {
                return checked(EmbeddedVideo(offset: Int64(offset + header), length: Int64(size - header)), bytes).map(MotionPhotoFinding.video)
            }
            offset += size
        }
        return nil
    }

    /// The first `ftyp` box of a known brand after the still's own data (after a JPEG's
    /// end-of-image marker; anywhere past the start otherwise).
    private static func scanForVideo(_ bytes: UnsafeRawBufferPointer, format: MediaFormat) -> EmbeddedVideo? {
        var from = 8
        if format == .jpeg, let scan = JPEGStructure.firstScanOffset(bytes) { from = scan }
        while let found = ByteSearch.first(Array("ftyp".utf8), in: bytes, from: from) {
            let start = found - 4
            if start >= 0, let video = checked(EmbeddedVideo(offset: Int64(start), length: Int64(bytes.count - start)), bytes) {
                return video
            }
            from = found + 4
        }
        return nil
    }

    /// The range, if it lies inside the file and starts with a whole `ftyp` box of a known
    /// brand: at least 16 bytes, inside the range, its compatible brands whole four-letter codes.
    static func checked(_ video: EmbeddedVideo, _ bytes: UnsafeRawBufferPointer) -> EmbeddedVideo? {
        let start = Int(video.offset)
        guard video.offset >= 0, video.length >= 16, video.offset <= Int64(bytes.count),
              video.length <= Int64(bytes.count) - video.offset,
              String(decoding: bytes[start + 4..<start + 8], as: UTF8.self) == "ftyp",
              brands.contains(String(decoding: bytes[start + 8..<start + 12], as: UTF8.self)) else { return nil }
        let size = Int64(readUInt32(bytes, start))
        guard size >= 16, size <= video.length, size % 4 == 0 else { return nil }
        return video
    }

    /// The first top-level box of the video that runs past the end of the file, and by how
    /// much. The walk stops at the end of the range, or at bytes that are no box (a Samsung
    /// trailer's next entry), judging nothing there; a box of size 0 runs to the end by definition.
    static func boxPastTheEnd(of video: EmbeddedVideo, in bytes: UnsafeRawBufferPointer) -> (type: String, beyond: Int64)? {
        let end = video.offset + video.length, fileSize = Int64(bytes.count)
        var offset = video.offset
        while offset + 8 <= end {
            let start = Int(offset)
            let type = bytes[start + 4..<start + 8]
            guard type.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
            var length = Int64(readUInt32(bytes, start))
            if length == 1 {
                guard offset + 16 <= fileSize else { return (String(decoding: type, as: UTF8.self), offset + 16 - fileSize) }
                length = Int64(clamping: UInt64(readUInt32(bytes, start + 8)) << 32 | UInt64(readUInt32(bytes, start + 12)))
            }
            guard length >= 8 else { return nil }
            if length > fileSize - offset { return (String(decoding: type, as: UTF8.self), length - (fileSize - offset)) }
            offset += length
        }
        return nil
    }

    private static func readUInt32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
