import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// Images libvips must decode whole (an interlaced PNG, a progressive JPEG) are refused from
/// their header when that decode would take more memory than `limits.decodeMemoryBytes`;
/// images it streams are not counted. The files are made at test time with the `vips` tool.
@Suite struct WholeDecodeLimitTests {
    static let vips = URL(fileURLWithPath: "/usr/bin/vips")
    static let available = FileManager.default.isExecutableFile(atPath: vips.path)

    /// `vips ARGUMENTS`, which must succeed.
    static func vips(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = vips
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "vips \(arguments.joined(separator: " ")) failed")
    }

    /// A 1000x1000 RGB picture saved as `names` (with vips's save options in brackets).
    static func pictures(_ names: [String], in folder: URL) throws {
        let source = folder.appendingPathComponent("source.v").path, x = folder.appendingPathComponent("x.v").path
        try vips(["xyz", source, "1000", "1000"])
        try vips(["extract_band", source, x, "0"])
        let rgb = folder.appendingPathComponent("rgb.v").path
        try vips(["bandjoin", "\(x) \(x) \(x)", rgb])
        for name in names {
            try vips(["cast", rgb, folder.appendingPathComponent(name).path, "uchar"])
        }
    }

    static func configuration(limit: Int64) throws -> PipelineConfiguration {
        var configuration = try Fixtures.pipeline()
        configuration.limits.decodeMemoryBytes = limit
        return configuration
    }

    @Test func coefficientMemoryFollowsLibjpeg() {
        let yuv420 = [(h: 2, v: 2), (h: 1, v: 1), (h: 1, v: 1)], yuv444 = [(h: 1, v: 1), (h: 1, v: 1), (h: 1, v: 1)]
        #expect(JPEGStructure.coefficientBytes(width: 8000, height: 8000, sampling: yuv420) == 192_000_000)
        #expect(JPEGStructure.coefficientBytes(width: 8000, height: 8000, sampling: yuv444) == 384_000_000)
        // 17x17 at 4:2:0: Y 3 blocks a side rounded up to 4, Cb and Cr 2 each: (16 + 4 + 4) x 128.
        #expect(JPEGStructure.coefficientBytes(width: 17, height: 17, sampling: yuv420) == 3_072)
        #expect(JPEGStructure.coefficientBytes(width: 1000, height: 1000, sampling: yuv420) == 3_048_192)
    }

    @Test(.enabled(if: available, "the vips tool is not installed: skipped"))
    func theMemoryOfAWholeDecodeIsReadFromTheHeader() throws {
        let folder = try TemporaryFolder()
        try Self.pictures(["adam7.png[interlace]", "plain.png", "progressive.jpg[Q=80,interlace]", "baseline.jpg[Q=80]"], in: folder.url)
        func whole(_ name: String, _ estimate: (UnsafeRawBufferPointer) -> Int?) throws -> Int? {
            let bytes = try Data(contentsOf: folder.url.appendingPathComponent(name))
            return bytes.withUnsafeBytes(estimate)
        }

        #expect(try whole("adam7.png", PNGStructure.wholeDecodeBytes) == 3_000_000)
        #expect(try whole("plain.png", PNGStructure.wholeDecodeBytes) == nil)
        #expect(try whole("progressive.jpg", JPEGStructure.wholeDecodeBytes) == 3_048_192)
        #expect(try whole("baseline.jpg", JPEGStructure.wholeDecodeBytes) == nil)
    }

    @Test(.enabled(if: available, "the vips tool is not installed: skipped"))
    func overTheLimitAWholeDecodeIsRefusedAndStreamedImagesAreNot() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        try Self.pictures(["adam7.png[interlace]", "plain.png", "progressive.jpg[Q=80,interlace]", "baseline.jpg[Q=80]"], in: root)
        for scratch in ["source.v", "x.v", "rgb.v"] { try FileManager.default.removeItem(at: root.appendingPathComponent(scratch)) }

        let summary = try library.ingest([root], configuration: try Self.configuration(limit: 3_000_000))

        #expect((summary.ingested, summary.failed) == (2, 2))
        let adam7 = try #require(try library.asset(at: root.appendingPathComponent("adam7.png")))
        #expect(adam7.status == .failed && adam7.errorClass == .tooLarge)
        #expect(adam7.errorMessage?.hasPrefix("an interlaced (Adam7) PNG is decoded whole: its 1000x1000 pixels and the file's ") == true)
        #expect(adam7.errorMessage?.hasSuffix(" at once; the pipeline's limits.decodeMemoryBytes allows 3.0 MB") == true)
        let progressive = try #require(try library.asset(at: root.appendingPathComponent("progressive.jpg")))
        #expect(progressive.errorClass == .tooLarge)
        #expect(progressive.errorMessage?.hasPrefix("a progressive JPEG is decoded whole: the DCT coefficients of its 1000x1000 pixels") == true)
        #expect(try library.asset(at: root.appendingPathComponent("plain.png"))?.status == .ok)
        #expect(try library.asset(at: root.appendingPathComponent("baseline.jpg"))?.status == .ok)
    }

    @Test(.enabled(if: available, "the vips tool is not installed: skipped"))
    func underTheLimitAWholeDecodeIsIngested() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        try Self.pictures(["adam7.png[interlace]", "progressive.jpg[Q=80,interlace]"], in: root)
        for scratch in ["source.v", "x.v", "rgb.v"] { try FileManager.default.removeItem(at: root.appendingPathComponent(scratch)) }

        let summary = try library.ingest([root], configuration: try Self.configuration(limit: 8_000_000))

        #expect((summary.ingested, summary.failed) == (2, 0))
    }

    @Test func theLimitIsAKnownOptionalKeyThatMustBePositive() throws {
        let text = try String(contentsOf: Fixtures.repository.appendingPathComponent("pipelines/default.json"), encoding: .utf8)
        #expect(try PipelineConfiguration.parse(Data(text.utf8), file: "p.json").limits.maxDecodeMemoryBytes == 188_743_680)
        let without = text.replacingOccurrences(of: ",\n    \"decodeMemoryBytes\": 188743680", with: "")
        #expect(without != text)
        #expect(try PipelineConfiguration.parse(Data(without.utf8), file: "p.json").limits.maxDecodeMemoryBytes == 188_743_680)
        let zero = text.replacingOccurrences(of: "\"decodeMemoryBytes\": 188743680", with: "\"decodeMemoryBytes\": 0")
        #expect(throws: PipelineError.invalid(file: "p.json", reason: "limits.decodeMemoryBytes must be positive, not 0")) {
            try PipelineConfiguration.parse(Data(zero.utf8), file: "p.json")
        }
    }
}
