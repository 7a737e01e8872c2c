/// The image sequence of an animated AVIF (brand `avis`): a `moov` track beside the still
/// image items. libheif 1.15 reads only the items, so the frames and their duration come
/// from the colour track's boxes here: `mdhd` (timescale, duration) and `stsz` (sample count).
package struct AVIFSequence: Equatable {
    package let frameCount: Int
    /// nil when the track's header gives no duration.
    package let durationSeconds: Double?
    /// Where the colour track is among the `moov` box's tracks: FFmpeg's stream index for it
    /// (the alpha plane is a track of its own, which FFmpeg may otherwise take for the video).
    package let trackIndex: Int

    /// The first `pict` track of the file's `moov` box (an alpha plane is an `auxv` track), or
    /// nil: no sequence, or boxes that cannot be read.
    package static func read(_ bytes: UnsafeRawBufferPointer) -> AVIFSequence? {
        guard let moov = child("moov", of: nil, bytes) else { return nil }
        let tracks = ISOBox.children(of: bytes, from: moov.start, to: moov.end)?.filter { $0.type == "trak" } ?? []
        for (index, trak) in tracks.enumerated() {
            guard let mdia = child("mdia", of: trak, bytes), let hdlr = child("hdlr", of: mdia, bytes),
                  handler(hdlr, bytes) == "pict" else { continue }
            guard let stbl = child("minf", of: mdia, bytes).flatMap({ child("stbl", of: $0, bytes) }),
                  let stsz = child("stsz", of: stbl, bytes), let count = sampleCount(stsz, bytes), count > 0 else { return nil }
            return AVIFSequence(frameCount: count, durationSeconds: child("mdhd", of: mdia, bytes).flatMap { seconds($0, bytes) },
                                trackIndex: index)
        }
        return nil
    }

    private static func child(_ type: String, of parent: ISOBox?, _ bytes: UnsafeRawBufferPointer) -> ISOBox? {
        ISOBox.children(of: bytes, from: parent?.start ?? 0, to: parent?.end ?? bytes.count)?.first { $0.type == type }
    }

    /// `hdlr`: version and flags, pre_defined, then the handler type.
    private static func handler(_ hdlr: ISOBox, _ bytes: UnsafeRawBufferPointer) -> String? {
        var cursor = hdlr.cursor(in: bytes)
        guard cursor.skip(8) else { return nil }
        return cursor.fourCC()
    }

    /// `stsz`: version and flags, the common sample size, then the sample count.
    private static func sampleCount(_ stsz: ISOBox, _ bytes: UnsafeRawBufferPointer) -> Int? {
        var cursor = stsz.cursor(in: bytes)
        guard cursor.skip(8) else { return nil }
        return cursor.u32()
    }

    /// `mdhd`: version 1 has 64-bit times and duration, version 0 32-bit ones.
    private static func seconds(_ mdhd: ISOBox, _ bytes: UnsafeRawBufferPointer) -> Double? {
        var cursor = mdhd.cursor(in: bytes)
        guard let version = cursor.u8(), cursor.skip(3) else { return nil }
        let wide = version == 1 ? 8 : 4
        guard cursor.skip(2 * wide), let timescale = cursor.u32(), let duration = cursor.uint(wide),
              timescale > 0, duration > 0, duration != (wide == 8 ? UInt64.max : UInt64(UInt32.max)) else { return nil }
        return Double(duration) / Double(timescale)
    }
}
