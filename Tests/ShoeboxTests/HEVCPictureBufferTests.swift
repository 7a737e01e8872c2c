import CFFmpeg
import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// The buffers libavcodec decodes a HEIC's picture into (`sb_av_get_lazily_zeroed_buffer`):
/// FFmpeg's own zero every byte as they are allocated, so a 12 MP picture's 18 MB were all in
/// memory from its decode's first moment, and two decodes at once held both pictures whole
/// (the thumb + preview peak, docs/BENCHMARKS.md). A large picture's planes now come into
/// memory as the decoder writes them, laid out as FFmpeg's own.
@Suite struct HEVCPictureBufferTests {
    /// An opened HEVC decoder (FFmpeg's own buffers need one) and a frame of `size` in
    /// `format`, with buffers from `allocate`, given to `body`.
    private func withFrame(_ size: PixelSize, _ format: AVPixelFormat,
                           allocate: (UnsafeMutablePointer<AVCodecContext>, UnsafeMutablePointer<AVFrame>) -> Int32,
                           _ body: (AVFrame) throws -> Void) throws {
        var context = avcodec_alloc_context3(avcodec_find_decoder(AV_CODEC_ID_HEVC))
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame); avcodec_free_context(&context) }
        let opened = try #require(context), picture = try #require(frame)
        #expect(avcodec_open2(opened, opened.pointee.codec, nil) == 0)
        opened.pointee.pix_fmt = format
        (picture.pointee.width, picture.pointee.height) = (Int32(size.width), Int32(size.height))
        picture.pointee.format = format.rawValue
        #expect(allocate(opened, picture) == 0)
        try body(picture.pointee)
    }

    private func lazilyZeroed(_ context: UnsafeMutablePointer<AVCodecContext>, _ frame: UnsafeMutablePointer<AVFrame>) -> Int32 {
        sb_av_get_lazily_zeroed_buffer(context, frame, AV_GET_BUFFER_FLAG_REF)
    }

    private func ffmpegsOwn(_ context: UnsafeMutablePointer<AVCodecContext>, _ frame: UnsafeMutablePointer<AVFrame>) -> Int32 {
        avcodec_default_get_buffer2(context, frame, AV_GET_BUFFER_FLAG_REF)
    }

    /// The three planes' strides, and how many of the pages of their first `rows` rows are in
    /// memory (the chroma planes' rows halved, as 4:2:0 has them).
    private func planes(of frame: AVFrame, rows: Int) -> [(stride: Int32, resident: Int, pages: Int)] {
        [(frame.data.0, frame.linesize.0, rows), (frame.data.1, frame.linesize.1, rows / 2), (frame.data.2, frame.linesize.2, rows / 2)]
            .map { data, stride, rows in
                let start = UInt(bitPattern: data) & ~4095, end = UInt(bitPattern: data) + UInt(Int(stride) * rows)
                let pages = Int((end - start + 4095) / 4096)
                var flags = [UInt8](repeating: 0, count: pages)
                #expect(mincore(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), &flags) == 0)
                return (stride, flags.filter { $0 & 1 == 1 }.count, pages)
            }
    }

    @Test(arguments: [(PixelSize(width: 4032, height: 3024), AV_PIX_FMT_YUV420P),
                      (PixelSize(width: 3024, height: 4032), AV_PIX_FMT_YUV420P),
                      (PixelSize(width: 4000, height: 3000), AV_PIX_FMT_YUV420P),
                      (PixelSize(width: 1920, height: 1280), AV_PIX_FMT_YUV420P10LE),
                      (PixelSize(width: 4032, height: 3024), AV_PIX_FMT_GRAY8)])
    func aLargePicturesPlanesHaveTheStridesOfFFmpegsOwn(_ size: PixelSize, _ format: AVPixelFormat) throws {
        var own: [Int32] = []
        try withFrame(size, format, allocate: ffmpegsOwn) { own = [$0.linesize.0, $0.linesize.1, $0.linesize.2, $0.linesize.3] }
        try withFrame(size, format, allocate: lazilyZeroed) { frame in
            #expect([frame.linesize.0, frame.linesize.1, frame.linesize.2, frame.linesize.3] == own)
            for data in [frame.data.0, frame.data.1, frame.data.2] where data != nil {
                #expect(UInt(bitPattern: data) % 64 == 0)
            }
        }
    }

    @Test func aLargePicturesPlanesAreNotInMemoryUntilTheDecoderWritesThem() throws {
        try withFrame(PixelSize(width: 4032, height: 3024), AV_PIX_FMT_YUV420P, allocate: lazilyZeroed) { frame in
            // A plane's first page holds the allocator's header (a huge page where the kernel maps one).
            for plane in planes(of: frame, rows: 3024) { #expect(plane.resident * 4 < plane.pages, "\(plane)") }
        }
    }

    @Test func aLargePictureInFFmpegsOwnBuffersIsInMemoryWhole() throws {
        try withFrame(PixelSize(width: 4032, height: 3024), AV_PIX_FMT_YUV420P, allocate: ffmpegsOwn) { frame in
            for plane in planes(of: frame, rows: 3024) { #expect(plane.resident == plane.pages, "\(plane)") }
        }
    }

    /// Under a megabyte a plane (a grid's 512 x 512 tile) takes FFmpeg's pool, which hands one
    /// tile's buffers on to the next instead of a new allocation a tile.
    @Test func aTilesPlanesComeFromFFmpegsPool() throws {
        try withFrame(PixelSize(width: 512, height: 512), AV_PIX_FMT_YUV420P, allocate: lazilyZeroed) { frame in
            for plane in planes(of: frame, rows: 512) { #expect(plane.resident == plane.pages, "\(plane)") }
        }
    }

    /// A single picture over a megabyte a plane, decoded into these buffers, against libde265's
    /// decode of the same file: the same samples, the loop filters off (a thumbnail) and on.
    @Test(.enabled(if: WholeDecodeLimitTests.available, "the vips tool is not installed: skipped"))
    func aLargeSinglePictureDecodesToLibde265sSamples() throws {
        try NoiseHEIC.eachPlan { decoder, ours, label in
            var reference = ours
            reference.hevcEngine = .libde265
            let new = try #require(decoder.decode(ours)), old = try #require(decoder.decode(reference))
            #expect(new.hevcEngines == [.libavcodec] && old.hevcEngines == [.libde265])
            #expect(try new.image.pixelBytes() == old.image.pixelBytes(), "\(label)")
        }
    }
}
