import Foundation
import Testing
@testable import Shoebox

/// EXIF orientation 1-8 (mirrored ones included) is applied once; HEIC is never rotated twice.
@Suite struct OrientationTests {
    func thumbnail(_ asset: AssetRecord, in library: TestLibrary, named name: String = "thumb") throws -> VipsImage {
        let record = try #require(asset.thumbnails.first { $0.name == name })
        return try VipsImage.decode(Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(record.relativePath))))
    }

    @Test func everySampleOrientationShowsTheSamePicture() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("orientation")])
        let reference = try #require(try library.asset(at: Fixtures.sample("orientation/landscape_1.jpg")))
        let expected = try thumbnail(reference, in: library)
        for tag in 1...8 {
            let asset = try #require(try library.asset(at: Fixtures.sample("orientation/landscape_\(tag).jpg")))
            #expect(asset.metadata.orientation == tag)
            #expect((asset.width, asset.height) == (360, 240), "orientation \(tag)")
            let difference = try thumbnail(asset, in: library).meanAbsoluteDifference(to: expected)
            #expect(difference < 3, "orientation \(tag) differs from orientation 1 by \(difference)")
        }
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func everyCorpusOrientationIsDisplayedUpright() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.corpus("orientation")])
        for shape in ["Landscape", "Portrait"] {
            let expectedSize = shape == "Landscape" ? (1800, 1200) : (1200, 1800)
            let reference = try #require(try library.asset(at: Fixtures.corpus("orientation/\(shape)_1.jpg")))
            let expected = try thumbnail(reference, in: library)
            for tag in 0...8 {
                let asset = try #require(try library.asset(at: Fixtures.corpus("orientation/\(shape)_\(tag).jpg")))
                #expect(asset.status == .ok)
                #expect((asset.width, asset.height) == expectedSize, "\(shape)_\(tag)")
                let difference = try thumbnail(asset, in: library).meanAbsoluteDifference(to: expected)
                #expect(difference < 4, "\(shape)_\(tag) differs from \(shape)_1 by \(difference)")
            }
        }
    }

    /// The iPhone file stores EXIF orientation 6 and an `irot` transform; libheif applies the
    /// transform, so applying the EXIF tag too would turn the portrait back on its side.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func heicIsRotatedByItsContainerOnly() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.corpus("exif-samples/heic")])
        let expected: [String: (Int, Int)] = [
            "mobile/iphone_13_pro_max.HEIC": (3024, 4032),
            "mobile/HMD_Nokia_8.3_5G.heif": (3456, 4608),
            "mobile/HMD_Nokia_8.3_5G_hdr.heif": (4608, 3456),
            "IMG_5195.HEIC": (2566, 3313),
            "samplefilehub.heif": (640, 426),
        ]
        for (file, size) in expected {
            let asset = try #require(try library.asset(at: Fixtures.corpus("exif-samples/heic/\(file)")))
            #expect(asset.status == .ok, "\(file): \(asset.errorMessage ?? "")")
            #expect((asset.width, asset.height) == size, "\(file)")
            let thumb = try #require(asset.thumbnails.first { $0.name == "thumb" })
            #expect(thumb.width == 256 && (thumb.height > 256) == (size.1 > size.0), "\(file) thumb \(thumb.width)x\(thumb.height)")
        }
        let iphone = try #require(try library.asset(at: Fixtures.corpus("exif-samples/heic/mobile/iphone_13_pro_max.HEIC")))
        #expect(iphone.metadata.orientation == 6)
    }

    /// Two HEICs without `irot` or `imir`, each with EXIF orientation 6, made here from
    /// landscape_6.jpg: one as a third-party camera app writes it (the pixels stored on their
    /// side, the EXIF written for them: 240x360), one as a converter leaves it (the pixels
    /// turned upright, the camera's EXIF kept: 240x360 over 360x240 pixels). Both show the
    /// landscape upright, as landscape_1.jpg.
    @Test(.enabled(if: FixtureTool.canMakeHEIC, "vips cannot write HEIC or exiftool is missing: skipped"))
    func aHEICsExifOrientationIsAppliedUnlessItsPixelsWereTurnedAlready() throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("heic")
        let sideways = folder.appendingPathComponent("camera-app.heic"), turned = folder.appendingPathComponent("converted.heic")
        try FixtureTool.run("vips", ["copy", Fixtures.sample("orientation/landscape_6.jpg").path, sideways.path])
        try FixtureTool.run("vips", ["autorot", Fixtures.sample("orientation/landscape_6.jpg").path, turned.path])
        for (file, make) in [(sideways, "Apple"), (turned, "Canon")] {
            try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", "-ExifImageWidth=240",
                                             "-ExifImageHeight=360", "-Make=\(make)", file.path])
        }

        try library.ingest([folder, Fixtures.sample("orientation/landscape_1.jpg")])

        let expected = try thumbnail(try #require(try library.asset(at: Fixtures.sample("orientation/landscape_1.jpg"))), in: library)
        for file in [sideways, turned] {
            let asset = try #require(try library.asset(at: file))
            #expect(asset.metadata.orientation == 6)
            #expect((asset.width, asset.height) == (360, 240), "\(file.lastPathComponent)")
            let difference = try thumbnail(asset, in: library).meanAbsoluteDifference(to: expected)
            #expect(difference < 6, "\(file.lastPathComponent) differs from landscape_1.jpg by \(difference)")
        }
    }

    @Test func theOrientStageRuleForEachFormat() {
        #expect(OrientStage.orientationToApply(format: .jpeg, exifOrientation: 6, containerTransforms: false) == .right)
        #expect(OrientStage.orientationToApply(format: .heic, exifOrientation: 6, containerTransforms: true) == .up)
        #expect(OrientStage.orientationToApply(format: .avif, exifOrientation: 8, containerTransforms: true) == .up)
        #expect(OrientStage.orientationToApply(format: .heic, exifOrientation: 6, containerTransforms: false) == .right)
        #expect(OrientStage.orientationToApply(format: .avif, exifOrientation: 5, containerTransforms: false) == .leftMirrored)
        #expect(OrientStage.orientationToApply(format: .png, exifOrientation: 0, containerTransforms: false) == .up)
        // A HEIF's EXIF written for pixels the other way round than those stored: turned already.
        let portrait = PixelSize(width: 240, height: 360), landscape = PixelSize(width: 360, height: 240)
        #expect(OrientStage.orientationToApply(format: .heic, exifOrientation: 6, containerTransforms: false,
                                               exifPixelSize: portrait, storedSize: landscape) == .up)
        #expect(OrientStage.orientationToApply(format: .heic, exifOrientation: 8, containerTransforms: false,
                                               exifPixelSize: portrait, storedSize: portrait) == .left)
        #expect(OrientStage.orientationToApply(format: .heic, exifOrientation: 3, containerTransforms: false,
                                               exifPixelSize: portrait, storedSize: landscape) == .down)   // no quarter turn: nothing to tell
        #expect(OrientStage.orientationToApply(format: .jpeg, exifOrientation: 6, containerTransforms: false,
                                               exifPixelSize: portrait, storedSize: landscape) == .right)  // a JPEG's tag is always applied
        #expect(Orientation.leftMirrored.displayedSize(ofStored: PixelSize(width: 240, height: 360)) == PixelSize(width: 360, height: 240))
    }
}

/// What every thumbnail file is: 8-bit sRGB JPEG of the recorded size, with no metadata.
@Suite struct ThumbnailFileTests {
    @Test func thumbnailsAreStrippedJPEGsOfTheRecordedSize() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.sample("orientation/landscape_6.jpg"), Fixtures.sample("panorama.jpg"),
                            Fixtures.sample("photo.heic"), Fixtures.sample("screenshot.png")])
        for asset in try library.assets() {
            for record in asset.thumbnails {
                let data = try Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(record.relativePath)))
                #expect(FormatSniffer.format(of: data) == .jpeg)
                let image = try VipsImage.decode(data)
                #expect((image.width, image.height) == (record.width, record.height), "\(asset.path) \(record.name)")
                #expect(image.bands == 3)
                #expect(image.exifData == nil && !image.hasICCProfile, "\(asset.path) \(record.name) keeps metadata")
            }
        }
    }

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func aPhotoWithAnEmbeddedProfileComesOutInSRGB() throws {
        let library = try TestLibrary()
        let source = Fixtures.corpus("exif-samples/jpg/Canon_40D_photoshop_import.jpg")
        let header = try VipsImage.header(of: SourceBytes(copying: Data(contentsOf: source)), format: .jpeg)
        try #require(header.hasICCProfile, "the fixture should carry an ICC profile")
        try library.ingest([source])
        let asset = try #require(try library.asset(at: source))
        #expect(asset.status == .ok)
        let record = try #require(asset.thumbnails.first)
        let image = try VipsImage.decode(Data(contentsOf: URL(fileURLWithPath: library.library.absolutePath(record.relativePath))))
        #expect(!image.hasICCProfile)
    }
}
