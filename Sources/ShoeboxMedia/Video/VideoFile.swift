import CFFmpeg
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One video, opened through FFmpeg from Shoebox's own read-only descriptor.
///
/// Not thread-safe: one stage worker uses it and closes it. The demuxer is chosen from the
/// sniffed container, never probed, and FFmpeg's own logging is silenced (failures come
/// back as errors with FFmpeg's message).
public final class VideoFile {
    private let fd: Int32
    private(set) var context: UnsafeMutablePointer<AVFormatContext>?
    package let streamIndex: Int32
    public let info: VideoInfo

    /// Opens the video at `path`, or the one embedded in it at `range` (a motion photo's MP4).
    /// `stream`: the video stream to read (an AVIF sequence's colour track), else FFmpeg's best.
    /// `fromHeaders`: the streams are taken as the container's headers give them when those
    /// settle everything FFmpeg's probe would (`settleFromHeaders`), which spares decoding the
    /// first frames of every stream (tens of ms); else the probe runs. `info` and the video's
    /// decoded frames are the same either way; the other streams are not probed (not for
    /// remuxing them).
    public init(path: String, format: MediaFormat, range: EmbeddedVideo? = nil, stream wanted: Int? = nil,
                fromHeaders: Bool = false) throws {
        try FFmpegLibraries.load()
        fd = SourceFile.openDescriptor(path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw MediaError.unreadable(path: path, reason: SourceFile.errnoDescription()) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw MediaError.unreadable(path: path, reason: "not a regular file")
        }
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let base = range?.offset ?? 0
        let length = range.map { min($0.length, Int64(status.st_size) - base) } ?? Int64(status.st_size)
        let demuxer = Self.demuxer(for: format)
        let descriptor = fd
        var rc = LibraryClock.measure(.ffmpeg) {
            sb_av_open_descriptor(descriptor, base, length, demuxer, fromHeaders ? 0 : 1, &opened)
        }
        if fromHeaders, rc >= 0, let headers = opened, !Self.settleFromHeaders(headers) {
            sb_av_close(&opened)
            rc = LibraryClock.measure(.ffmpeg) { sb_av_open_descriptor(descriptor, base, length, demuxer, 1, &opened) }
        }
        guard rc >= 0, let opened else {
            close(fd)
            throw MediaError.ffmpeg(operation: "open", message: Self.message(rc))
        }
        context = opened
        let index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, Int32(wanted ?? -1), -1, nil, 0)
        guard index >= 0, let stream = opened.pointee.streams[Int(index)] else {
            sb_av_close(&context)
            close(fd)
            throw MediaError.ffmpeg(operation: "open", message: "no video stream")
        }
        streamIndex = index
        var described = Self.describe(opened, stream)
        if range == nil { Self.addUserDataDay(to: &described, fd: fd, size: Int64(status.st_size)) }
        info = described
    }

    /// A QuickTime or MP4 file's `udta/©day` that FFmpeg left out (`QuickTimeUserData`), in its
    /// place among the capture times: after the QuickTime keys' creation date, before the headers'.
    private static func addUserDataDay(to info: inout VideoInfo, fd: Int32, size: Int64) {
        guard info.container.hasPrefix("mov"), !info.dates.contains(where: { $0.source == .quickTimeDay }),
              let day = QuickTimeUserData.day(fd: fd, size: size).flatMap(XMPDate.iso) else { return }
        let place = info.dates.firstIndex { $0.source != .quickTimeCreationDate } ?? info.dates.endIndex
        info.dates.insert(DateCandidate(.quickTimeDay, day), at: place)
    }

    deinit {
        sb_av_close(&context)
        close(fd)
    }

    static func demuxer(for format: MediaFormat) -> String {
        switch format {
        case .matroska: return "matroska"
        case .avi: return "avi"
        default: return "mov"
        }
    }

    package static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        av_strerror(code, &buffer, buffer.count)
        return String(cString: buffer)
    }
}
