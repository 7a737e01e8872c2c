import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// HEIC decoded by Shoebox itself (libde265, shrunk in YCbCr): the same picture libvips
/// makes, for a fraction of the work, and libvips still takes what this route does not do.
@Suite struct HEIFShrinkingDecoderTests {
    private static let corpusFiles = [
        "exif-samples/heic/mobile/iphone_13_pro_max.HEIC", "exif-samples/heic/IMG_5195.HEIC",
        "exif-samples/heic/mobile/HMD_Nokia_8.3_5G.heif", "exif-samples/heic/mobile/HMD_Nokia_8.3_5G_hdr.heif",
        "exif-samples/heic/samplefilehub.heif",
    ]

    private func bytes(_ url: URL) throws -> SourceBytes { SourceBytes(copying: try Data(contentsOf: url)) }

    private func container(_ url: URL) throws -> HEIFContainer {
        let data = try Data(contentsOf: url)
        return try #require(data.withUnsafeBytes { HEIFContainer.parse($0) })
    }

    /// This route against libvips's full decode (libheif) resized to the same size, in sRGB,
    /// as the mean absolute difference per pixel and band.
    private func difference(_ url: URL, fittingSide side: Int) throws -> (ours: VipsImage, difference: Double) {
        let source = try bytes(url)
        let header = try VipsImage.header(of: source, format: .heic)
        let box = ThumbnailSizing.fitSize(PixelSize(width: header.width, height: header.height),
                                          box: PixelSize(width: side, height: side))
        let ours = try #require(try VipsImage.decodeShrunkHEIF(source, header: header, fitting: box.width, box.height,
                                                             convertToSRGB: header.hasICCProfile),
                                "\(url.lastPathComponent): the libde265 route declined")
        let reference = try header.inMemory().inSRGB().resized(toWidth: ours.width, height: ours.height)
        return (ours, try ours.meanAbsoluteDifference(to: reference))
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func anIPhoneGridIsReadFromTheContainer() throws {
        let iphone = try container(Fixtures.corpus("exif-samples/heic/mobile/iphone_13_pro_max.HEIC"))
        let primary = try #require(iphone.primary)
        #expect(primary.type == "grid")
        #expect(iphone.targets(of: primary.id, type: "dimg").count == 48)
        #expect(primary.properties.contains(.rotation(anticlockwiseQuarterTurns: 3)))
        #expect(primary.properties.contains(.iccProfile))
        let thumbnails = iphone.sources(pointingTo: primary.id, type: "thmb")
        #expect(thumbnails.count == 1)
        let thumbnail = try #require(thumbnails.first.flatMap { iphone.items[$0] })
        #expect(thumbnail.properties.contains(.spatialExtent(width: 320, height: 240)))
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)),
          arguments: corpusFiles)
    func theShrunkPictureIsTheOneLibvipsDecodes(_ file: String) throws {
        // The iPhone's at 400, more than its thumbnail covers, so that its tiles are shrunk.
        let side = file == Self.iPhone ? 400 : 256
        let (ours, difference) = try difference(Fixtures.corpus(file), fittingSide: side)
        #expect(abs(max(ours.width, ours.height) - side) <= 1)   // the shrunk picture's odd size may round down
        // Two resamplers differ by a few levels on detail; a wrong turn, mirror, colour matrix
        // or range differs by tens.
        #expect(difference < 6, "\(file): mean difference \(difference)")
    }

    @Test func theSampleHEICMatchesLibvipsToo() throws {
        let (ours, difference) = try difference(Fixtures.sample("photo.heic"), fittingSide: 120)
        #expect((ours.width, ours.height) == (120, 80))
        #expect(difference < 6, "mean difference \(difference)")
    }

    private static let iPhone = "exif-samples/heic/mobile/iphone_13_pro_max.HEIC"

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func theEmbeddedThumbnailServesEveryBoxItCovers() throws {
        let data = try Data(contentsOf: Fixtures.corpus(Self.iPhone))
        try data.withUnsafeBytes { raw in
            let decoder = try #require(HEIFShrinkingDecoder(raw))
            let halved = try #require(decoder.decode(covering: PixelSize(width: 120, height: 160)))
            #expect(halved.usedThumbnail)
            #expect((halved.width, halved.height) == (160, 120))   // halved, and still on its side: irot turns it later
            let whole = try #require(decoder.decode(covering: PixelSize(width: 192, height: 256)))
            #expect(whole.usedThumbnail)
            #expect((whole.width, whole.height) == (320, 240))   // a shrink of 1: converted as it is
            let wider = try #require(decoder.decode(covering: PixelSize(width: 256, height: 341)))
            #expect(!wider.usedThumbnail)   // 240 x 320 upright does not cover it: the 48 tiles are shrunk
        }
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func theEmbeddedThumbnailGivesWhatLibvipsThumbnailGives() throws {
        let source = try bytes(Fixtures.corpus(Self.iPhone))
        let header = try VipsImage.header(of: source, format: .heic)
        let ours = try #require(try VipsImage.decodeShrunkHEIF(source, header: header, fitting: 192, 256, convertToSRGB: true))
        let libvips = try VipsImage.decodeShrunk(source, fitting: 192, 256, convertToSRGB: true, failOnTruncation: true)
        #expect((ours.width, ours.height) == (192, 256))
        #expect((libvips.width, libvips.height) == (192, 256))
        // Both from the same 320 x 240 picture (libvips's thumbnail takes it too), each resized
        // by its own Lanczos: under half a level apart here; the 48 tiles shrunk are about 10.
        let difference = try ours.meanAbsoluteDifference(to: libvips)
        #expect(difference < 1.5, "mean difference \(difference)")
    }

    /// The iPhone's Display P3 profile converts the pixels after the fit to the box, as libvips's
    /// `thumbnail` colour-manages after its resize: lcms sees the 1080 x 1440 preview's pixels,
    /// not the 1512 x 2016 of the shrink by 2 before it.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func theProfileConvertsThePixelsFittedToTheBox() throws {
        let source = try bytes(Fixtures.corpus(Self.iPhone))
        let header = try VipsImage.header(of: source, format: .heic)
        let profile = try #require(header.blob(named: "icc-profile-data"))
        let converted = try #require(try VipsImage.decodeShrunkHEIF(source, header: header, fitting: 1080, 1440, convertToSRGB: true))
        let fitted = try #require(try VipsImage.decodeShrunkHEIF(source, header: header, fitting: 1080, 1440, convertToSRGB: false))
        fitted.setBlob(named: "icc-profile-data", to: profile)

        #expect((converted.width, converted.height) == (1080, 1440))
        #expect(try converted.meanAbsoluteDifference(to: try fitted.convertedToSRGB().inMemory()) == 0)
        #expect(try converted.meanAbsoluteDifference(to: fitted) > 1)
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func aThumbnailOfAnotherShapeIsNotTaken() throws {
        // The iPhone's thumbnail said to be 320 x 180: not the 3:4 picture turned, so not its
        // thumbnail as far as Shoebox can tell (an edit that kept the old one, a crop).
        var data = try Data(contentsOf: Fixtures.corpus(Self.iPhone))
        let ispe = Data("ispe".utf8) + Data([0, 0, 0, 0, 0, 0, 1, 0x40, 0, 0, 0, 0xF0])
        let found = try #require(data.range(of: ispe))
        data[found.upperBound - 1] = 0xB4
        try data.withUnsafeBytes { raw in
            let decoder = try #require(HEIFShrinkingDecoder(raw))
            let plan = try #require(decoder.plan(covering: PixelSize(width: 120, height: 160)))
            #expect(plan.factor == 12)   // the 3024 x 4032 picture itself, its 48 tiles shrunk
            #expect(!plan.usedThumbnail)
        }
    }

    @Test func aThumbnailMatchesThePictureWhenItsSidesAreThePictureScaled() {
        let picture = PixelSize(width: 3024, height: 4032)
        #expect(HEIFShrinkingDecoder.sameAspect(PixelSize(width: 240, height: 320), picture))
        #expect(HEIFShrinkingDecoder.sameAspect(PixelSize(width: 241, height: 321), picture))   // rounding
        #expect(!HEIFShrinkingDecoder.sameAspect(PixelSize(width: 243, height: 320), picture))
        #expect(!HEIFShrinkingDecoder.sameAspect(PixelSize(width: 320, height: 240), picture))  // on its side
        #expect(!HEIFShrinkingDecoder.sameAspect(PixelSize(width: 240, height: 240), picture))  // cropped square
    }

    static let avifenc = FileManager.default.isExecutableFile(atPath: "/usr/bin/avifenc")

    /// The panorama sample as a 10-bit AVIF with `chroma` subsampling (made with avifenc).
    private func tenBitAVIF(chroma: String, in folder: TemporaryFolder) throws -> URL {
        let png = folder.url.appendingPathComponent("panorama.png"), avif = folder.url.appendingPathComponent("p-\(chroma).avif")
        try FixtureTool.run("vips", ["copy", Fixtures.sample("panorama.jpg").path, png.path])
        try FixtureTool.run("avifenc", ["-d", "10", "-y", chroma, "-s", "8", png.path, avif.path])
        return avif
    }

    @Test(.enabled(if: avifenc, "avifenc (libavif-bin) is not installed: skipped"), arguments: ["420", "444"])
    func aTenBitAVIFIsShrunkByDav1dToWhatLibvipsDecodes(_ chroma: String) throws {
        let folder = try TemporaryFolder()
        let source = try bytes(try tenBitAVIF(chroma: chroma, in: folder))
        let header = try VipsImage.header(of: source, format: .avif)
        for side in [256, 120] {   // a shrink of 2 with dav1d's loop filters, and of 4 without
            let ours = try #require(try VipsImage.decodeShrunkHEIF(source, header: header, fitting: side, side / 4,
                                                                 convertToSRGB: false), "the dav1d route declined")
            #expect((ours.width, ours.height) == (side, side / 4))
            let reference = try header.inMemory().inSRGB().resized(toWidth: ours.width, height: ours.height)
            let difference = try ours.meanAbsoluteDifference(to: reference)
            #expect(difference < 6, "\(chroma) at \(side): mean difference \(difference)")
        }
    }

    @Test(.enabled(if: WholeDecodeLimitTests.available, "the vips tool is not installed: skipped"))
    func aTenBitHEICIsShrunkByLibde265ToWhatLibvipsDecodes() throws {
        let folder = try TemporaryFolder()
        let heic = folder.url.appendingPathComponent("p10.heic")
        try FixtureTool.run("vips", ["heifsave", Fixtures.sample("panorama.jpg").path, heic.path, "--bitdepth", "10",
                                     "--compression", "hevc"])
        let source = try bytes(heic)
        let header = try VipsImage.header(of: source, format: .heic)
        #expect(header.bytesPerPixel == 6)   // libvips reads it as 16-bit RGB: the file is 10-bit
        let ours = try #require(try VipsImage.decodeShrunkHEIF(source, header: header, fitting: 256, 64, convertToSRGB: false),
                                "the libde265 route declined")
        #expect((ours.width, ours.height) == (256, 64))
        let reference = try header.inMemory().inSRGB().resized(toWidth: ours.width, height: ours.height)
        let difference = try ours.meanAbsoluteDifference(to: reference)
        #expect(difference < 6, "mean difference \(difference)")
    }

    @Test func anImageWithAlphaIsLeftToLibvips() throws {
        let source = try bytes(Fixtures.sample("alpha.heic"))
        let header = try VipsImage.header(of: source, format: .heic)
        #expect(try VipsImage.decodeShrunkHEIF(source, header: header, fitting: 100, 100, convertToSRGB: true) == nil)
    }

    @Test func aPictureLessThanTwiceTheBoxIsLeftToLibvips() throws {
        let source = try bytes(Fixtures.sample("photo.heic"))
        let header = try VipsImage.header(of: source, format: .heic)
        #expect(try VipsImage.decodeShrunkHEIF(source, header: header, fitting: 300, 300, convertToSRGB: true) == nil)
    }

    @Test func theShrinkFactorIsEvenAndLeavesTwiceTheBoxWhenItCan() {
        let phone = PixelSize(width: 4032, height: 3024)
        #expect(HEIFShrinkingDecoder.evenFactor(size: phone, box: PixelSize(width: 256, height: 192)) == 6)
        #expect(HEIFShrinkingDecoder.evenFactor(size: phone, box: PixelSize(width: 128, height: 96)) == 14)
        #expect(HEIFShrinkingDecoder.evenFactor(size: phone, box: PixelSize(width: 1600, height: 1200)) == 2)
        #expect(HEIFShrinkingDecoder.evenFactor(size: phone, box: PixelSize(width: 2048, height: 1536)) == nil)
    }

    @Test func everyCutOfAHEICIsDeclinedOrDecodedNeverReadPastItsEnd() throws {
        let data = try Data(contentsOf: Fixtures.sample("photo.heic"))
        for length in stride(from: 0, through: data.count, by: 97) {
            let prefix = Array(data.prefix(length))
            _ = prefix.withUnsafeBytes { HEIFShrinkingDecoder($0)?.decode(covering: PixelSize(width: 60, height: 40)) }
        }
        let whole = data.withUnsafeBytes { HEIFShrinkingDecoder($0)?.decode(covering: PixelSize(width: 60, height: 40)) }
        #expect(whole != nil)
    }
}

/// YCbCr to RGB by the matrix and range a HEIF file signals (ITU-T H.273).
@Suite struct YCbCrCodingTests {
    @Test func greyIsGreyInEveryMatrix() throws {
        for matrix in [1, 5, 6, 9] {
            let coding = try #require(YCbCrCoding(matrix: matrix, fullRange: true))
            #expect(coding.rgb(y: 128, cb: 128, cr: 128) == (128, 128, 128))
        }
    }

    @Test func limitedRangeStretchesSixteenToBlackAndTwoThirtyFiveToWhite() throws {
        let coding = try #require(YCbCrCoding(matrix: 6, fullRange: false))
        #expect(coding.rgb(y: 16, cb: 128, cr: 128) == (0, 0, 0))
        #expect(coding.rgb(y: 235, cb: 128, cr: 128) == (255, 255, 255))
    }

    @Test func bt601RedComesBackRed() throws {
        let coding = try #require(YCbCrCoding(matrix: 6, fullRange: true))
        // Full-range BT.601 red: Y = 0.299 x 255, Cb = 128 - 0.1687 x 255, Cr = 128 + 0.5 x 255.
        #expect(coding.rgb(y: 76.245, cb: 84.98, cr: 255.5) == (255, 0, 0))
    }

    @Test func identityAndUnknownMatricesAreNotConverted() {
        #expect(YCbCrCoding(matrix: 0, fullRange: true) == nil)
        #expect(YCbCrCoding(matrix: 14, fullRange: true) == nil)
    }
}
