import CFFmpeg

extension VideoFile {
    static func describe(_ context: UnsafeMutablePointer<AVFormatContext>, _ stream: UnsafeMutablePointer<AVStream>) -> VideoInfo {
        let parameters = stream.pointee.codecpar.pointee
        var mirrored: Int32 = 0
        let rotation = Int(sb_av_display_rotation(stream, &mirrored))
        let stored = PixelSize(width: Int(parameters.width), height: Int(parameters.height))
        let squareWidth = squarePixelWidth(storedWidth: stored.width, sampleAspect: parameters.sample_aspect_ratio)
        let metadata = { (key: String) in value(key, in: context.pointee.metadata) ?? value(key, in: stream.pointee.metadata) }
        let transfer = parameters.color_trc
        let container = context.pointee.iformat.map { String(cString: $0.pointee.name) } ?? "unknown"
        return VideoInfo(
            container: container,
            codec: String(cString: avcodec_get_name(parameters.codec_id)),
            storedSize: stored, rotation: rotation, mirrored: mirrored != 0, squarePixelWidth: squareWidth,
            durationSeconds: duration(context, stream), frameRate: rate(stream.pointee.avg_frame_rate),
            dates: dates(container: container, movie: { value($0, in: context.pointee.metadata) },
                         track: { value($0, in: stream.pointee.metadata) }),
            location: (metadata("com.apple.quicktime.location.ISO6709") ?? metadata("location")).flatMap(ISO6709.location),
            make: metadata("com.apple.quicktime.make") ?? metadata("make"),
            model: metadata("com.apple.quicktime.model") ?? metadata("model"),
            contentIdentifier: metadata("com.apple.quicktime.content.identifier"),
            captureFrameRate: metadata("com.android.capture.fps").flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 && $0 <= 100_000 ? $0 : nil },
            isHDR: transfer == AVCOL_TRC_SMPTE2084 || transfer == AVCOL_TRC_ARIB_STD_B67)
    }

    /// The container's capture times, by the keys FFmpeg gives them: QuickTime's
    /// `com.apple.quicktime.creationdate` (local time and offset), `©day` (`date`) and the movie
    /// and track headers' UTC creation times (`creation_time`); Matroska's DateUTC and AVI's
    /// `IDIT` (`creation_time` too).
    private static func dates(container: String, movie: (String) -> String?, track: (String) -> String?) -> [DateCandidate] {
        let found: [(TakenAtSource, String?)]
        switch container {
        case let name where name.hasPrefix("mov"):
            found = [(.quickTimeCreationDate, (movie("com.apple.quicktime.creationdate") ?? track("com.apple.quicktime.creationdate")).flatMap(QuickTimeDate.iso)),
                     (.quickTimeDay, movie("date").flatMap(XMPDate.iso)),
                     (.quickTimeMovieCreationTime, movie("creation_time").flatMap(QuickTimeDate.iso)),
                     (.quickTimeMediaCreationTime, track("creation_time").flatMap(QuickTimeDate.iso))]
        case let name where name.hasPrefix("matroska"):
            found = [(.matroskaDateUTC, movie("creation_time").flatMap(QuickTimeDate.iso))]
        case "avi":
            found = [(.aviDateTimeOriginal, movie("creation_time").flatMap(QuickTimeDate.iso))]
        default:
            found = []
        }
        return found.compactMap { source, value in value.map { DateCandidate(source, $0) } }
    }

    private static func value(_ key: String, in dictionary: OpaquePointer?) -> String? {
        guard let dictionary, let entry = av_dict_get(dictionary, key, nil, 0), let raw = entry.pointee.value else { return nil }
        return ExifText.clean(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(raw)))
    }

    /// The width that shows the stored frame with square pixels: the stored width times the
    /// sample aspect ratio (an anamorphic DV frame's 10:11). A ratio outside
    /// `plausibleSampleAspects` is a broken header, not a lens, and is ignored: 2147483647:1 made
    /// a width whose pixel count overflowed `Int` further on.
    package static func squarePixelWidth(storedWidth: Int, sampleAspect aspect: AVRational) -> Int {
        guard aspect.num > 0, aspect.den > 0, aspect.num != aspect.den else { return storedWidth }
        let ratio = Double(aspect.num) / Double(aspect.den)
        guard plausibleSampleAspects.contains(ratio) else { return storedWidth }
        return max(1, Int((Double(storedWidth) * ratio).rounded()))
    }

    /// Anamorphic video stays well inside this: DV's 10:11 to 40:33, HDV's 4:3, 2x lenses' 2:1.
    static let plausibleSampleAspects: ClosedRange<Double> = 0.125...8

    private static func duration(_ context: UnsafeMutablePointer<AVFormatContext>, _ stream: UnsafeMutablePointer<AVStream>) -> Double? {
        if context.pointee.duration != sb_av_nopts(), context.pointee.duration > 0 {
            return Double(context.pointee.duration) / Double(AV_TIME_BASE)
        }
        let base = stream.pointee.time_base
        guard stream.pointee.duration != sb_av_nopts(), stream.pointee.duration > 0, base.den > 0 else { return nil }
        return Double(stream.pointee.duration) * Double(base.num) / Double(base.den)
    }

    private static func rate(_ rational: AVRational) -> Double? {
        guard rational.num > 0, rational.den > 0 else { return nil }
        return Double(rational.num) / Double(rational.den)
    }
}
