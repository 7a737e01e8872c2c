import CVips
import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// The decode stage's JPEGs go through libjpeg over the whole file (`DirectJPEGDecoder`) when
/// that route takes them, and through libvips's load as before otherwise: the route is told
/// by the decoded image's `vips-loader`. Its pixels, colours and limits are libvips's.
@Suite struct DirectJPEGDecoderTests {
    static let libvipsLoader = "jpegload_source"

    /// The default pipeline, with another `decodeMemoryBytes` when given.
    private static func pipeline(decodeMemoryBytes: Int? = nil) throws -> PipelineConfiguration {
        let text = try String(contentsOf: Fixtures.repository.appendingPathComponent("pipelines/default.json"), encoding: .utf8)
        guard let decodeMemoryBytes else { return try PipelineConfiguration.parse(Data(text.utf8), file: "default.json") }
        let changed = text.replacingOccurrences(of: "\"decodeMemoryBytes\": 188743680", with: "\"decodeMemoryBytes\": \(decodeMemoryBytes)")
        try #require(changed != text)
        return try PipelineConfiguration.parse(Data(changed.utf8), file: "low.json")
    }

    /// What the decode stage's still decoder makes of the JPEG at `url`.
    private static func decoded(_ url: URL, configuration: PipelineConfiguration) throws -> (loader: String?, image: Shoebox.VipsImage) {
        let data = try Data(contentsOf: url)
        let status = SourceFile.Status(size: Int64(data.count), modifiedNanoseconds: 5, device: 1, inode: 2)
        var draft = AssetDraft(file: DiscoveredFile(path: url.path, root: url.deletingLastPathComponent().path, status: status),
                               existingID: nil)
        draft.format = .jpeg
        try Vips.start()
        let decoded = try StillImageDecoder(configuration: configuration).decode(draft, bytes: SourceBytes(copying: data))
        return (decoded.image.loaderName, decoded.image)
    }

    private static func bytes(_ url: URL) throws -> SourceBytes { SourceBytes(copying: try Data(contentsOf: url)) }

    @Test func aBaselineJPEGIsDecodedByLibjpegDirectly() throws {
        let found = try Self.decoded(Fixtures.sample("orientation/landscape_1.jpg"), configuration: try Self.pipeline())
        #expect(found.loader == DirectJPEGDecoder.loaderName)
    }

    @Test func aCMYKJPEGIsDecodedByLibvips() throws {
        let folder = try TemporaryFolder()
        let cmyk = folder.url.appendingPathComponent("cmyk.jpg")
        try FixtureTool.run("vips", ["icc_transform", Fixtures.sample("orientation/landscape_1.jpg").path, cmyk.path,
                                     "cmyk", "--input-profile", "srgb"])
        let found = try Self.decoded(cmyk, configuration: try Self.pipeline())
        #expect(found.loader == Self.libvipsLoader)
        #expect(found.image.bands == 3)
    }

    /// A file about which libjpeg warns is libvips's, which decodes it as it always has (here a
    /// JPEG cut short, which libvips pads with grey when truncation is not a failure).
    @Test func aJPEGLibjpegWarnsAboutIsDecodedByLibvips() throws {
        let whole = try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))
        let cut = SourceBytes(copying: whole.prefix(whole.count * 6 / 10))
        try Vips.start()
        let header = try VipsImage.header(of: cut, format: .jpeg)

        #expect(DirectJPEGDecoder.decode(cut, shrink: 1, header: header) == nil)
        let image = try VipsImage.decodeShrunkJPEG(cut, header: header, fitting: 256, 256, convertToSRGB: false, direct: true)
        #expect(image.loaderName == Self.libvipsLoader)
    }

    /// Every JPEG under `folder`, whole paths, in order.
    private static func jpegs(under folder: URL) -> [URL] {
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return found.filter { ["jpg", "jpeg"].contains($0.pathExtension.lowercased()) }.sorted { $0.path < $1.path }
    }

    /// The direct decode's end-of-image offset for `data` (nil when the route declines it),
    /// beside the structure walk's.
    private static func ends(_ data: Data) throws -> (decode: Int?, walk: Int?) {
        let bytes = SourceBytes(copying: data)
        let header = try VipsImage.header(of: bytes, format: .jpeg)
        let decode = DirectJPEGDecoder.decode(bytes, shrink: 8, header: header)?.endOfImage
        return (decode, JPEGStructure.endOfImage(UnsafeRawBufferPointer(bytes.buffer)))
    }

    /// libjpeg reads up to the end-of-image marker and not past it: the decode tells the
    /// motion-photo scan where the picture ends, the offset the structure walk finds, with a
    /// video, a trailer or nothing after it, for a baseline and a progressive file.
    @Test func theDecodeEndsWhereTheStructureWalkEnds() throws {
        let folder = try TemporaryFolder()
        let progressive = folder.url.appendingPathComponent("progressive.jpg")
        try FixtureTool.run("vips", ["jpegsave", Fixtures.sample("orientation/landscape_1.jpg").path, progressive.path, "--interlace"])
        let video = try Data(contentsOf: Fixtures.sample("video/portrait.mp4"))
        try Vips.start()
        for still in [Fixtures.sample("orientation/landscape_1.jpg"), progressive] {
            let data = try Data(contentsOf: still)
            for tail in [Data(), video, Data(repeating: 0xFF, count: 3) + Data([0xD9]) + Data("XXXX".utf8)] {
                let found = try Self.ends(data + tail)
                #expect(found.decode == data.count && found.walk == data.count, "\(still.lastPathComponent) + \(tail.count) bytes")
            }
        }
    }

    /// The same over every JPEG the route takes in samples/ and the shared corpus (cameras,
    /// phones, motion photos, restart markers): where the decode ends, the walk ends.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func everyDecodedJPEGEndsWhereTheStructureWalkEnds() throws {
        try Vips.start()
        var taken = 0
        for url in Self.jpegs(under: Fixtures.samples) + Self.jpegs(under: try #require(Fixtures.sharedCorpus)) {
            guard let found = try? Self.ends(try Data(contentsOf: url)), let end = found.decode else { continue }
            taken += 1
            #expect(end == found.walk, "\(url.path)")
        }
        #expect(taken >= 100)
    }

    /// The same libjpeg with the same settings: not one level apart from libvips's decode, at
    /// each shrink the sizing picks for this 360x240 photo: 1/1 for a 1440 px box, 1/2 for 120 px, 1/4 for 40 px.
    @Test func theDirectDecodeHasLibvipsPixels() throws {
        let bytes = try Self.bytes(Fixtures.sample("orientation/landscape_1.jpg"))
        try Vips.start()
        let header = try VipsImage.header(of: bytes, format: .jpeg)
        for box in [1440, 120, 40] {
            let direct = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: box, box, convertToSRGB: false, direct: true)
            let libvips = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: box, box, convertToSRGB: false)
            #expect(direct.loaderName == DirectJPEGDecoder.loaderName)
            #expect((direct.width, direct.height) == (libvips.width, libvips.height))
            #expect(try direct.meanAbsoluteDifference(to: libvips) == 0, "box \(box)")
        }
    }

    @Test func aGreyscaleJPEGIsDecodedDirectlyAsGrey() throws {
        let folder = try TemporaryFolder()
        let grey = folder.url.appendingPathComponent("grey.jpg")
        try FixtureTool.run("vips", ["colourspace", Fixtures.sample("orientation/landscape_1.jpg").path, grey.path, "b-w"])
        let bytes = try Self.bytes(grey)
        try Vips.start()
        let header = try VipsImage.header(of: bytes, format: .jpeg)

        let direct = try #require(DirectJPEGDecoder.decode(bytes, shrink: 2, header: header)?.image)
        #expect((direct.width, direct.height, direct.bands) == (180, 120, 1))
        let fitted = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: 256, 256, convertToSRGB: false, direct: true)
        let libvips = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: 256, 256, convertToSRGB: false)
        #expect(try fitted.meanAbsoluteDifference(to: libvips) == 0)
    }

    /// The header's ICC profile goes with the direct decode, and converts it as libvips's does.
    /// At 1/4 this 600x450 photo is 150x113 to libjpeg but 150x112 to libvips: the direct
    /// decode is cut to libvips's size, and so gives the same pixels.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func anEmbeddedProfileConvertsTheDirectDecodeAsLibvipsDoes() throws {
        let bytes = try Self.bytes(Fixtures.corpus("exif-samples/jpg/orientation/landscape_2.jpg"))   // Apple Generic RGB
        try Vips.start()
        let header = try VipsImage.header(of: bytes, format: .jpeg)
        try #require(header.needsProfileTransform)

        let direct = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: 64, 64, convertToSRGB: true, direct: true)
        let libvips = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: 64, 64, convertToSRGB: true)
        let unconverted = try VipsImage.decodeShrunkJPEG(bytes, header: header, fitting: 64, 64, convertToSRGB: false, direct: true)
        #expect(direct.loaderName == DirectJPEGDecoder.loaderName)
        #expect(try direct.meanAbsoluteDifference(to: libvips) == 0)
        #expect(try direct.meanAbsoluteDifference(to: unconverted) > 0)
    }

    /// The route's whole picture never makes a file `tooLarge`: under a budget with no room for
    /// it beside the file, a baseline JPEG is decoded by libvips's streaming load, as before.
    @Test func aBudgetWithoutRoomForTheWholePictureLeavesTheJPEGToLibvips() throws {
        let url = Fixtures.sample("orientation/landscape_1.jpg")
        let fileBytes = try Data(contentsOf: url).count
        let found = try Self.decoded(url, configuration: try Self.pipeline(decodeMemoryBytes: fileBytes + 1000))
        #expect(found.loader == Self.libvipsLoader)
        #expect((found.image.width, found.image.height) == (360, 240))
    }

    /// libvips's `vips_shrinkv` caches the rows it shrinks only for an image marked as read in
    /// order; one made in memory by Shoebox (a direct JPEG decode, libde265's HEIC frame, a
    /// RAW's pixels) is marked once fitted, as libvips's own loads are.
    @Test func anImageFittedInMemoryIsMarkedAsReadInOrder() throws {
        try Vips.start()
        let pixels = [UInt8](repeating: 128, count: 64 * 48 * 3)
        let made = try pixels.withUnsafeBytes { try VipsImage.fromRGB($0, width: 64, height: 48) }
        #expect(sb_vips_has_field(made.pointer, "vips-sequential") == 0)

        let fitted = try made.fittedInMemory(32, 32)
        #expect(sb_vips_has_field(fitted.pointer, "vips-sequential") != 0)
    }
}
