import Foundation
import Testing
@testable import Shoebox

/// `shoebox metadata` reads a file's headers, not its pictures: a WebP's frames and a BMP's
/// pixels stay unread, and a file it can only read whole (a GIF, a JPEG XL, a RAW) is read only
/// when it fits the decode budget an ingest would give it. Large files are made sparse here
/// (`ftruncate`), so no test writes hundreds of megabytes.
@Suite struct MetadataReadingBoundsTests {
    @Test func aWebPsPictureDataIsLeftOutBeyondItsBitstreamHeader() throws {
        // samples/photo.webp: a 12-byte RIFF header, then one 'VP8 ' chunk of 1858 bytes at 12.
        let ranges = try Self.frameRanges(of: Fixtures.sample("photo.webp").path)

        #expect(ranges == [84 ..< 1878])
    }

    @Test func anAnimatedWebPsFramesAreLeftOutInsideTheirANMFChunks() throws {
        // Six frames; the last has a 36-byte ALPH chunk, shorter than what is kept of one.
        let ranges = try Self.frameRanges(of: Fixtures.sample("formats/animated.webp").path)

        #expect(ranges.first == 140 ..< 1980)
        let leftOut: Int64 = ranges.reduce(0) { $0 + Int64($1.count) }
        #expect(leftOut == 1840 + 520 + 502 + 518 + 496 + 1012)   // each VP8 payload but its first 64 bytes
    }

    @Test func whatFollowsAWebPsRIFFIsLeftOut() throws {
        let folder = try TemporaryFolder()
        let file = try Self.copy(Fixtures.sample("photo.webp"), into: folder, paddedTo: 300_000_000)

        let ranges = try Self.frameRanges(of: file)
        let metadata = try FileMetadataReader.read(path: file)

        #expect(ranges == [84 ..< 300_000_000])
        #expect(metadata.storedSize == PixelSize(width: 320, height: 240))
    }

    @Test func aBMPsPixelsAreNotRead() throws {
        let folder = try TemporaryFolder()
        let file = try Self.copy(Fixtures.sample("formats/bmp-24bit.bmp"), into: folder, paddedTo: 1_500_000_000)

        let metadata = try FileMetadataReader.read(path: file)   // past the 1 GiB it would read of a file

        #expect(metadata.storedSize == PixelSize(width: 64, height: 48))
    }

    @Test func aGifLargerThanTheDecodeBudgetIsRefusedAsAnIngestWouldRefuseIt() throws {
        let folder = try TemporaryFolder()
        let file = try Self.copy(Fixtures.sample("gif/static.gif"), into: folder, paddedTo: 200_000_000)

        let failure = #expect(throws: MetadataReadError.self) { try FileMetadataReader.read(path: file) }

        #expect(failure?.reason == "tooLarge: its metadata is read from the whole file, and its 200000000 bytes are more "
                + "than the 188743680 bytes an ingest lets one decode hold")
    }

    private static func frameRanges(of path: String) throws -> [Range<Int64>] {
        let status = try #require(SourceFile.status(ofPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        return WebPFrameData.ranges(fd: fd, size: status.size)
    }

    /// A copy of `source` made `size` bytes long with zeros after its end (a sparse file).
    private static func copy(_ source: URL, into folder: TemporaryFolder, paddedTo size: Int64) throws -> String {
        let file = folder.url.appendingPathComponent(source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: file)
        #expect(truncate(file.path, off_t(size)) == 0)
        return file.path
    }
}
