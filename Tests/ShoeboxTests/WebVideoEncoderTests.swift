import CFFmpeg
import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// The gallery's web renditions, checked from outside with FFmpeg's `ffprobe`: H.264 in
/// 8-bit 4:2:0, the moov box before the media data, no sound, sized and capped by the recipe.
struct WebVideoEncoderTests {
    static let ffprobe = "/usr/bin/ffprobe"
    static let ffprobeMissing = Comment(rawValue: "ffprobe is not installed (Debian package ffmpeg): skipped")

    /// `ffprobe`'s `key=value` lines for the rendition's streams and format.
    static func probe(_ data: Data) throws -> [String] {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("r.mp4")
        try data.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-show_entries",
                             "stream=codec_type,codec_name,pix_fmt,width,height:stream_side_data=rotation:format=duration",
                             "-of", "default=noprint_wrappers=1", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }

    /// The MP4's top-level box types, in file order.
    static func topLevelBoxes(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var boxes: [String] = [], offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }

    static func encode(_ sample: String, _ recipe: WebVideoRecipe) throws -> Data {
        let video = try VideoFile(path: Fixtures.sample(sample).path, format: .mp4)
        return try WebVideoEncoder(video: video, recipe: recipe).encode()
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ffprobe), ffprobeMissing))
    func aLivePhotosVideoBecomesAMutedH264MP4WithItsMoovFirst() throws {
        let data = try Self.encode("live/by-name/IMG_0002.MOV", .livePhoto)
        let boxes = Self.topLevelBoxes(data)
        let moov = try #require(boxes.firstIndex(of: "moov")), mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat, "\(boxes)")
        let probed = try Self.probe(data)
        #expect(probed.filter { $0.hasPrefix("codec_type=") } == ["codec_type=video"])
        #expect(probed.contains("codec_name=h264") && probed.contains("pix_fmt=yuv420p"))
        #expect(probed.contains("width=320") && probed.contains("height=180"))
        let duration = try #require(probed.first { $0.hasPrefix("duration=") }.flatMap { Double($0.dropFirst(9)) })
        #expect(abs(duration - 2) < 0.1)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ffprobe), ffprobeMissing))
    func aVideoIsScaledToTheRecipeCappedAndKeepsItsRotation() throws {
        let data = try Self.encode("video/portrait.mp4", WebVideoRecipe(longSide: 160, maxSeconds: 1))
        let probed = try Self.probe(data)
        #expect(probed.contains("width=160") && probed.contains("height=90"))
        #expect(probed.contains("rotation=-90"), "\(probed)")
        let duration = try #require(probed.first { $0.hasPrefix("duration=") }.flatMap { Double($0.dropFirst(9)) })
        #expect(duration <= 1.05 && duration > 0.8, "\(duration)")
    }
}

extension WebVideoEncoderTests {
    /// The decoder drains its last frames in a burst (the sample has B-frames): each one
    /// reaches the caller whole, none emptied before it is lent.
    @Test func everyFrameOfAVideoIsDecodedWhole() throws {
        let video = try VideoFile(path: Fixtures.sample("live/by-name/IMG_0002.MOV").path, format: .mp4)
        let context = try #require(video.context), stream = try #require(context.pointee.streams[Int(video.streamIndex)])
        var sizes: [PixelSize] = []
        try FrameDecoder(stream: stream).forEachFrame(from: context, stream: video.streamIndex) { frame in
            sizes.append(PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height)))
            return true
        }
        #expect(sizes.count == 30)   // 2 s at 15 fps (ffprobe -count_frames)
        #expect(sizes.allSatisfy { $0 == PixelSize(width: 320, height: 180) }, "\(sizes)")
    }
}

extension WebVideoEncoderTests {
    static let tools = FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") && FileManager.default.isExecutableFile(atPath: ffprobe)

    /// A 3 s clip with a sine tone in `audio` (an FFmpeg encoder name), made by the ffmpeg tool.
    static func clip(audio: String, in folder: TemporaryFolder) throws -> URL {
        let file = folder.url.appendingPathComponent("tone-\(audio).mov")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=15", "-f", "lavfi", "-i", "sine=frequency=440",
                             "-t", "3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", audio, file.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg made the clip")
        return file
    }

    @Test(.enabled(if: tools, "ffmpeg and ffprobe are not installed (Debian package ffmpeg): skipped"))
    func aVideosAACSoundIsCopiedUpToTheCap() throws {
        let folder = try TemporaryFolder()
        let video = try VideoFile(path: try Self.clip(audio: "aac", in: folder).path, format: .mp4)
        let probed = try Self.probe(try WebVideoEncoder(video: video, recipe: WebVideoRecipe(longSide: 160, maxSeconds: 2, keepsAAC: true)).encode())
        #expect(probed.filter { $0.hasPrefix("codec_type=") } == ["codec_type=video", "codec_type=audio"])
        #expect(probed.contains("codec_name=aac"))
        let duration = try #require(probed.first { $0.hasPrefix("duration=") }.flatMap { Double($0.dropFirst(9)) })
        #expect(duration < 2.1, "\(duration)")
    }

    @Test(.enabled(if: tools, "ffmpeg and ffprobe are not installed (Debian package ffmpeg): skipped"))
    func soundThatIsNotAACIsDroppedAndALivePhotoIsAlwaysMuted() throws {
        let folder = try TemporaryFolder()
        let pcm = try VideoFile(path: try Self.clip(audio: "pcm_s16le", in: folder).path, format: .mp4)
        let aac = try VideoFile(path: try Self.clip(audio: "aac", in: folder).path, format: .mp4)
        for (video, recipe) in [(pcm, WebVideoRecipe.video), (aac, WebVideoRecipe.livePhoto)] {
            let probed = try Self.probe(try WebVideoEncoder(video: video, recipe: recipe).encode())
            #expect(probed.filter { $0.hasPrefix("codec_type=") } == ["codec_type=video"])
        }
    }
}
