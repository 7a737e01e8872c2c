import CFFmpeg
import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// `sb_av_frame_to_rgb` writes exactly the rows it is given, for every frame size: libswscale's
/// SIMD converters write whole vector blocks past a row's end, which overflowed the tightly packed
/// poster buffer of a 568-wide iPhone video (`malloc(): corrupted top size`). Each conversion
/// here writes into a buffer followed by guard bytes that must come back untouched, and its first
/// and last pixels must be the frame's colour (a copy that lost or shifted rows would show).
@Suite struct VideoFrameConversionTests {
    /// Pure red in BT.601 limited range, and the RGB it converts to.
    private static let red = (y: UInt8(81), u: UInt8(90), v: UInt8(240))
    private static let guardBytes = 256

    @Test(arguments: [568, 570, 600])
    func theIPhoneWidthsThatOverflowedConvertWithinTheirBuffer(width: Int) throws {
        try expectConversion(of: PixelSize(width: width, height: 320), to: PixelSize(width: width, height: 320))
    }

    @Test func aRotatedIPhoneSizedVideoIsIngestedWithItsPoster() throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("videos")
        let stored = library.folder.url.appendingPathComponent("stored.mp4")
        let video = folder.appendingPathComponent("IMG_0001.MOV")
        try FixtureTool.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=568x320:rate=30", "-t", "1",
                                       "-c:v", "libx264", "-pix_fmt", "yuv420p", stored.path])
        try FixtureTool.run("ffmpeg", ["-v", "error", "-y", "-i", stored.path, "-c", "copy", "-metadata:s:v", "rotate=90", video.path])
        try library.ingest([folder])
        let asset = try #require(try library.asset(at: video))
        #expect(asset.status == .ok, "\(asset.errorMessage ?? "")")
        #expect(asset.kind == .video)
        #expect(asset.width == 320 && asset.height == 568)
        #expect(!asset.thumbnails.isEmpty)
    }

    @Test func everySmallSizeConvertsWithinItsBuffer() throws {
        for width in 2...130 {
            for height in [2, 3, 17, 130] {
                let size = PixelSize(width: width, height: height)
                try expectConversion(of: size, to: size)
            }
        }
    }

    @Test func oddSizesUpTo4KConvertWithinTheirBuffer() throws {
        for size in [PixelSize(width: 1001, height: 563), PixelSize(width: 1919, height: 1081),
                     PixelSize(width: 3839, height: 2159), PixelSize(width: 4097, height: 2161)] {
            try expectConversion(of: size, to: size)
        }
    }

    @Test func scaledConversionsStayWithinTheirBuffer() throws {
        for (source, target) in [(PixelSize(width: 568, height: 320), PixelSize(width: 255, height: 144)),
                                 (PixelSize(width: 1920, height: 1080), PixelSize(width: 1437, height: 809)),
                                 (PixelSize(width: 130, height: 2), PixelSize(width: 3, height: 1))] {
            try expectConversion(of: source, to: target)
        }
    }

    @Test func aStrideShorterThanARowIsRefused() throws {
        try withRedFrame(PixelSize(width: 16, height: 16)) { frame in
            var buffer = [UInt8](repeating: 0, count: 16 * 16 * 3)
            #expect(sb_av_frame_to_rgb(frame, 16, 16, &buffer, 16 * 3 - 1) < 0)
            #expect(sb_av_frame_to_rgb(frame, 0, 16, &buffer, 16 * 3) < 0)
        }
    }

    private func expectConversion(of source: PixelSize, to target: PixelSize) throws {
        try withRedFrame(source) { frame in
            let stride = target.width * 3
            let bytes = stride * target.height
            var buffer = [UInt8](repeating: 0xA5, count: bytes + Self.guardBytes)
            let rc = sb_av_frame_to_rgb(frame, Int32(target.width), Int32(target.height), &buffer, Int32(stride))
            #expect(rc == 0, "\(source) -> \(target): \(VideoFile.message(rc))")
            #expect(buffer[bytes...].allSatisfy { $0 == 0xA5 }, "\(source) -> \(target) wrote past its rows")
            for offset in [0, bytes - 3] {
                let pixel = Array(buffer[offset..<offset + 3])
                #expect(pixel[0] > 240 && pixel[1] < 16 && pixel[2] < 16, "\(source) -> \(target): \(pixel) is not red")
            }
        }
    }

    /// A YUV 4:2:0 frame of `size`, every pixel red, with FFmpeg's own padding (as a decoder's).
    private func withRedFrame(_ size: PixelSize, _ body: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        try FFmpegLibraries.load()
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        let made = try #require(frame)
        made.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        made.pointee.width = Int32(size.width)
        made.pointee.height = Int32(size.height)
        try #require(av_frame_get_buffer(made, 0) == 0)
        let chroma = PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
        for (plane, value, rows) in [(0, Self.red.y, size.height), (1, Self.red.u, chroma.height), (2, Self.red.v, chroma.height)] {
            let data = try #require(withUnsafePointer(to: made.pointee.data) { $0.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { $0[plane] } })
            let stride = withUnsafePointer(to: made.pointee.linesize) { $0.withMemoryRebound(to: Int32.self, capacity: 8) { Int($0[plane]) } }
            memset(data, Int32(value), stride * rows)
        }
        try body(made)
    }
}
