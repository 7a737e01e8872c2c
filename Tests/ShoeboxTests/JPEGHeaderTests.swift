import Foundation
import Testing
@testable import Shoebox

/// `JPEGHeader` reads a JPEG's size and metadata blocks from its segments, as libvips's JPEG
/// loader reads its header, so that `shoebox metadata` need not start libvips for a JPEG.
@Suite struct JPEGHeaderTests {
    private static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    private static func header(_ bytes: [UInt8]) -> JPEGHeader? { bytes.withUnsafeBytes { JPEGHeader($0) } }

    @Test(arguments: [("panorama.jpg", 1200, 300), ("tall.jpg", 60, 600), ("orientation/landscape_6.jpg", 240, 360),
                      ("orientation/landscape_1.jpg", 360, 240), ("motion/PXL_motion.jpg", 240, 160),
                      ("live/with-id/IMG_0001.JPG", 240, 160), ("broken/truncated.jpg", 360, 240)])
    func theStoredSizeIsTheFramesSize(_ name: String, _ width: Int, _ height: Int) throws {
        let header = try #require(Self.header(try Self.bytes(Fixtures.sample(name))))
        #expect(header.width == width)
        #expect(header.height == height)
    }

    @Test func theExifBlockIsTheFirstExifAPP1Whole() throws {
        let bytes = try Self.bytes(Fixtures.sample("panorama.jpg"))
        let exif = try #require(Self.header(bytes)?.exifData)
        #expect(exif.count == 240)
        #expect(exif.starts(with: Array("Exif\0\0".utf8)))
    }

    /// What libvips attaches for each JPEG in samples/ and ../shared/corpus (camera files with
    /// XMP, IPTC, several APP1s): the same size and the same blocks, byte for byte, whenever
    /// `JPEGHeader` reads the file; it reads every one libvips reads in samples/.
    @Test func everyBlockIsLibvipssForSamples() throws {
        let files = Self.jpegs(under: Fixtures.samples)
        #expect(files.count == 16)
        for file in files {
            let bytes = try Self.bytes(file)
            #expect(Self.header(bytes) != nil, "\(file.lastPathComponent)")
            try Self.expectLibvipssBlocks(bytes, file)
        }
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func everyBlockIsLibvipssForTheSharedCorpus() throws {
        let corpus = try #require(Fixtures.sharedCorpus)
        let files = Self.jpegs(under: corpus)
        #expect(files.count > 100)
        var read = 0
        for file in files {
            let bytes = try Self.bytes(file)
            if Self.header(bytes) != nil { read += 1 }
            try Self.expectLibvipssBlocks(bytes, file)
        }
        #expect(read > files.count * 9 / 10)   // the fallback to libvips is for the odd file
    }

    /// A 12-bit JPEG is one libjpeg refuses at its header: no `JPEGHeader`, so libvips is asked,
    /// and says why.
    @Test func aTwelveBitFrameIsLeftToLibvips() throws {
        var bytes = try Self.bytes(Fixtures.sample("panorama.jpg"))
        let frame = try #require(Self.segmentOffset(0xC0, in: bytes))
        bytes[frame + 4] = 12
        #expect(Self.header(bytes) == nil)
        try Vips.start()
        #expect(throws: MediaError.self) { try VipsImage.header(of: SourceBytes(copying: Data(bytes)), format: .jpeg) }
    }

    /// Bytes between two segments are a warning to libjpeg, not an error: left to libvips,
    /// which reads the file as it always has.
    @Test func bytesBetweenSegmentsAreLeftToLibvips() throws {
        var bytes = try Self.bytes(Fixtures.sample("panorama.jpg"))
        let frame = try #require(Self.segmentOffset(0xC0, in: bytes))
        bytes.insert(contentsOf: [0x00, 0x00], at: frame)
        #expect(Self.header(bytes) == nil)
        try Vips.start()
        #expect(try VipsImage.header(of: SourceBytes(copying: Data(bytes)), format: .jpeg).width == 1200)
    }

    private static func expectLibvipssBlocks(_ bytes: [UInt8], _ file: URL) throws {
        guard let own = header(bytes) else { return }
        try Vips.start()
        let vips = try VipsImage.header(of: SourceBytes(copying: Data(bytes)), format: .jpeg)
        #expect(own.width == vips.width && own.height == vips.height, "\(file.path)")
        #expect(own.exifData == vips.exifData, "\(file.path)")
        #expect(own.xmpData == vips.xmpData, "\(file.path)")
        #expect(own.iptcData == vips.iptcData, "\(file.path)")
    }

    /// Every file under `folder` that starts like a JPEG (FF D8 FF), sorted.
    private static func jpegs(under folder: URL) -> [URL] {
        let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return all.filter { url in
            guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 3)) == Data([0xFF, 0xD8, 0xFF])
        }.sorted { $0.path < $1.path }
    }

    /// Where the first segment with `marker` starts (its FF), walking segments by their lengths.
    private static func segmentOffset(_ marker: UInt8, in bytes: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            if bytes[offset + 1] == marker { return offset }
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        return nil
    }
}
