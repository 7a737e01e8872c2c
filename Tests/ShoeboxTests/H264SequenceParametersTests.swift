import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// The H.264 SPS fields `shoebox metadata` reads from a video's headers instead of decoding its
/// first frames. The `avcC` records are those x264 (through ffmpeg) wrote for the sizes and
/// pixel aspect ratios named; the values are what `ffprobe` reports for the same files.
@Suite struct H264SequenceParametersTests {
    private func parameters(_ hex: String) -> H264SequenceParameters? {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index ..< next], radix: 16)!)
            index = next
        }
        return bytes.withUnsafeBytes { H264SequenceParameters(avcC: $0) }
    }

    @Test func aHighProfile1080pStreamIsCroppedTo1080RowsWithSquarePixels() {
        let read = parameters("01640028ffe1001b67640028acd940780227e5c044000003000400000300283c60c65801000668ebe3cb22c0fdf8f800")
        #expect(read == H264SequenceParameters(width: 1920, height: 1080, aspectNumerator: 1, aspectDenominator: 1))
    }

    @Test func aTabulatedAspectRatioIsReadByItsIndex() {
        let read = parameters("01640016ffe1001967640016acd940b43db0310000030001000003000a0f162d9601000668ebe3cb22c0fdf8f800")
        #expect(read == H264SequenceParameters(width: 720, height: 480, aspectNumerator: 10, aspectDenominator: 11))
    }

    @Test func anExtendedAspectRatioIsReadFromItsTwoFields() {
        let read = parameters("01640016ffe1001e67640016acd940b4126ffc010000b44000000300400000030283c58b658001000668ebe3cb22c0fdf8f800")
        #expect(read == H264SequenceParameters(width: 720, height: 576, aspectNumerator: 64, aspectDenominator: 45))
    }

    @Test func aBaselineStreamHasNoChromaFieldsToRead() {
        let read = parameters("0142c016ffe100196742c016d900a02ff970110000030001000003000a0f162e4801000568cb83cb20")
        #expect(read == H264SequenceParameters(width: 640, height: 360, aspectNumerator: 1, aspectDenominator: 1))
    }

    @Test func aRecordCutInsideItsSequenceParameterSetIsNotRead() {
        #expect(parameters("01640028ffe1001b67640028acd94078") == nil)
    }

    /// A video opened only to describe it gives the same description as one opened for
    /// decoding: one without a container aspect box (`pasp`), described from its SPS, whose VUI
    /// says 10:11 pixels (so the frame is 655 square pixels wide), and portrait.mp4, which has
    /// the box and so is probed.
    @Test func describingFromTheHeadersGivesWhatTheProbeGives() throws {
        let folder = try TemporaryFolder()
        let video = folder.url.appendingPathComponent("anamorphic.mp4")
        _ = try FixtureTool.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=720x480:rate=5", "-t", "0.4",
                                           "-vf", "setsar=0", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-bsf:v", "h264_metadata=sample_aspect_ratio=10/11",
                                           video.path])
        for path in [video.path, Fixtures.sample("video/portrait.mp4").path] {
            let described = try VideoFile(path: path, format: .mp4, fromHeaders: true).info
            let probed = try VideoFile(path: path, format: .mp4).info
            #expect(described == probed)
        }
        #expect(try VideoFile(path: video.path, format: .mp4, fromHeaders: true).info.squarePixelWidth == 655)
    }

    /// An HLG stream whose container has no colour box (`colr`): its SPS says so (transfer
    /// characteristics 18), and the description read from the headers calls it HDR as the
    /// probe does.
    @Test func theTransferOfTheSPSMakesAStreamHDRWithoutAColourBox() throws {
        let folder = try TemporaryFolder()
        let video = folder.url.appendingPathComponent("hlg.mp4")
        _ = try FixtureTool.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=5", "-t", "0.4",
                                           "-c:v", "libx264", "-pix_fmt", "yuv420p", "-bsf:v", "h264_metadata=transfer_characteristics=18",
                                           video.path])
        let described = try VideoFile(path: video.path, format: .mp4, fromHeaders: true).info
        #expect(described.isHDR)
        #expect(described == (try VideoFile(path: video.path, format: .mp4).info))
    }
}
