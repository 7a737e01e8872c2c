import Foundation
import Testing
@testable import Shoebox

/// `HEIFHeader` reads a HEIF's stored size and metadata blocks from its boxes, as libvips's
/// HEIF loader gives them, so that `shoebox metadata` need not start libvips (nor map libheif)
/// for a HEIC.
@Suite struct HEIFHeaderTests {
    private static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    private static func header(_ bytes: [UInt8]) -> HEIFHeader? { bytes.withUnsafeBytes { HEIFHeader($0) } }

    @Test(arguments: [("photo.heic", 480, 320), ("alpha.heic", 320, 240), ("photo-10bit.heic", 480, 320)])
    func theStoredSizeIsThePrimaryImagesExtent(_ name: String, _ width: Int, _ height: Int) throws {
        let header = try #require(Self.header(try Self.bytes(Fixtures.sample(name))))
        #expect(header.width == width)
        #expect(header.height == height)
    }

    /// What libvips attaches for each HEIF in samples/ and ../shared/corpus (iPhone grids,
    /// Nokia HDR files whose Exif item is a bare TIFF structure): the same size and blocks,
    /// byte for byte, whenever `HEIFHeader` reads the file.
    @Test func everyBlockIsLibvipssForSamples() throws {
        let files = Self.heifs(under: Fixtures.samples)
        #expect(files.count >= 3)
        for file in files { try Self.expectLibvipssBlocks(try Self.bytes(file), file) }
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func everyBlockIsLibvipssForTheSharedCorpus() throws {
        let corpus = try #require(Fixtures.sharedCorpus)
        let files = Self.heifs(under: corpus)
        #expect(files.count >= 5)
        var read = 0
        for file in files {
            let bytes = try Self.bytes(file)
            if Self.header(bytes) != nil { read += 1 }
            try Self.expectLibvipssBlocks(bytes, file)
        }
        #expect(read >= 1)
    }

    /// A file whose `ftyp` names no brand libheif takes is one it refuses: no `HEIFHeader`, so
    /// libvips is asked, and says why.
    @Test func aFileWithoutABrandLibheifTakesIsLeftToLibvips() throws {
        var bytes = try Self.bytes(Fixtures.sample("photo.heic"))
        let ftypEnd = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        for offset in stride(from: 16, to: ftypEnd, by: 4) { bytes.replaceSubrange(offset..<(offset + 4), with: Array("qqqq".utf8)) }
        #expect(Self.header(bytes) == nil)
        try Vips.start()
        #expect(throws: MediaError.self) { try VipsImage.header(of: SourceBytes(copying: Data(bytes)), format: .heic) }
    }

    private static func expectLibvipssBlocks(_ bytes: [UInt8], _ file: URL) throws {
        guard let own = header(bytes) else { return }
        try Vips.start()
        let vips = try VipsImage.header(of: SourceBytes(copying: Data(bytes)), format: .heic)
        #expect(own.width == vips.width && own.height == vips.height, "\(file.path)")
        #expect(own.exifData == vips.exifData, "\(file.path)")
        #expect(own.xmpData == vips.xmpData, "\(file.path)")
        #expect(vips.iptcData == nil, "\(file.path)")
    }

    /// Every file under `folder` whose `ftyp` box names a HEIF brand, sorted.
    private static func heifs(under folder: URL) -> [URL] {
        let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return all.filter { url in
            guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? handle.close() }
            guard let head = try? handle.read(upToCount: 12), head.count == 12 else { return false }
            return head[4..<8] == Data("ftyp".utf8) && ["heic", "heix", "mif1", "msf1", "avif"].contains(String(decoding: head[8..<12], as: UTF8.self))
        }.sorted { $0.path < $1.path }
    }
}
