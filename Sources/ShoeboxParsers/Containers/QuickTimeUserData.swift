#if canImport(Glibc)
import Glibc
#endif

/// The `©day` (or `date`) atom of a QuickTime or MP4 file's `moov/udta`, read by Shoebox
/// itself: FFmpeg leaves such atoms out of an MP4's metadata (exiftool's
/// `UserData:DateTimeOriginal` writes `date`; cameras write `©day` QuickTime's way, a 16-bit
/// length and language, then the text), and the movie header's UTC time, 34 s off and without
/// its zone, was taken instead.
///
/// Boxes are walked by their headers (`pread`), nothing trusted: at most `maxBoxes` a level,
/// and `udta` read only when at most `maxUserDataBytes`.
package enum QuickTimeUserData {
    static let maxBoxes = 10_000
    static let maxUserDataBytes = 1 << 20
    static let day: [UInt8] = [0xA9, 0x64, 0x61, 0x79]   // ©day

    /// The text of `moov/udta/©day` (else `date`) in the file open at `fd`, or nil.
    package static func day(fd: Int32, size: Int64) -> String? {
        guard let movie = child("moov", of: 0 ..< size, fd: fd), let userData = child("udta", of: movie, fd: fd),
              userData.count <= Int64(maxUserDataBytes), let bytes = SourceFile.bytes(fd, in: userData) else { return nil }
        return bytes.withUnsafeBytes { dayText(inUserData: $0) }
    }

    /// The `©day` text among the boxes of a `udta` payload, QuickTime's international text
    /// (length, language, text) or iTunes-style (a `data` box: type, locale, text); else the
    /// `date` box's, plain text (exiftool's `UserData:DateTimeOriginal`).
    package static func dayText(inUserData bytes: UnsafeRawBufferPointer) -> String? {
        var start = 0, plainDate: String?
        for _ in 0 ..< maxBoxes {
            var cursor = ByteCursor(bytes, from: start)
            guard let length = cursor.u32(), length >= 8, length <= bytes.count - start else { break }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[start + 8 ..< start + length])
            if bytes[start + 4 ..< start + 8].elementsEqual(day) { return text(ofDay: payload) }
            if bytes[start + 4 ..< start + 8].elementsEqual("date".utf8), plainDate == nil { plainDate = ExifText.clean(Array(payload)) }
            start += length
        }
        return plainDate
    }

    private static func text(ofDay payload: UnsafeRawBufferPointer) -> String? {
        var cursor = ByteCursor(payload)
        if payload.count >= 16, Array(payload[4 ..< 8]) == Array("data".utf8) {
            guard let length = cursor.u32(), length >= 16, length <= payload.count else { return nil }
            return ExifText.clean(Array(payload[16 ..< length]))
        }
        guard let length = cursor.u16(), cursor.skip(2), length <= payload.count - 4 else { return nil }
        return ExifText.clean(Array(payload[4 ..< 4 + length]))
    }

    /// The payload range of the first child box of `type` in `parent`.
    private static func child(_ type: String, of parent: Range<Int64>, fd: Int32) -> Range<Int64>? {
        var offset = parent.lowerBound
        for _ in 0 ..< maxBoxes {
            guard offset + 8 <= parent.upperBound, let header = SourceFile.bytes(fd, in: offset ..< min(offset + 16, parent.upperBound)),
                  header.count >= 8 else { return nil }
            var length = Int64(header[0 ..< 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }), headerLength: Int64 = 8
            if length == 1 {
                guard header.count == 16 else { return nil }
                length = Int64(clamping: header[8 ..< 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
                headerLength = 16
            } else if length == 0 {
                length = parent.upperBound - offset
            }
            guard length >= headerLength, length <= parent.upperBound - offset else { return nil }
            if String(decoding: header[4 ..< 8], as: UTF8.self) == type { return offset + headerLength ..< offset + length }
            offset += length
        }
        return nil
    }
}
