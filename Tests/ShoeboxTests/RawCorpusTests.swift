import Foundation
import Testing
@testable import Shoebox

/// The RAW containers of ../shared/corpus/exiftool-t (nine brands, pixel data cut down):
/// recognised by content, sized as LibRaw's `raw-identify -v` reports ("Output size"), and
/// described as `exiftool -j -n FILE` reads them.
@Suite(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
struct RawCorpusTests {
    static func bytes(_ name: String) throws -> SourceBytes {
        SourceBytes(copying: try Data(contentsOf: Fixtures.corpus("exiftool-t/\(name)")))
    }

    static func sniff(_ name: String) throws -> MediaFormat? {
        let bytes = try bytes(name)
        return FormatSniffer.format(ofFile: UnsafeRawBufferPointer(bytes.buffer))
    }

    @Test func everyRAWIsRecognisedByItsContent() throws {
        let expected: [String: MediaFormat] = [
            "CanonRaw.cr2": .cr2, "CanonRaw.cr3": .cr3, "CanonRaw.crw": .crw, "DNG.dng": .dng, "FujiFilm.raf": .raf,
            "Minolta.mrw": .mrw, "Nikon.nef": .nef, "Panasonic.rw2": .rw2, "PhaseOne.iiq": .iiq, "Sigma.x3f": .x3f,
            "SigmaDP2.x3f": .x3f,
        ]
        for (name, format) in expected {
            #expect(try Self.sniff(name) == format, "\(name)")
        }
    }

    @Test func plainTIFFsAndOtherISOMediaStayWhatTheyAre() throws {
        #expect(try Self.sniff("ExifTool.tif") == .tiff)
        #expect(try Self.sniff("GeoTiff.tif") == .tiff)
        #expect(try Self.sniff("QuickTime.heic") == .heic)
        #expect(try Self.sniff("QuickTime.mov") == .mp4)
    }

    @Test func theNameDoesNotDecide() throws {
        let renamed = Data(try Data(contentsOf: RawIngestTests.fixture("preview.dng")))
        #expect(FormatSniffer.format(ofFile: renamed.withUnsafeBytes { UnsafeRawBufferPointer($0) }) == .dng)
        let folder = try TemporaryFolder()
        let asJPEG = folder.url.appendingPathComponent("holiday.jpg")
        try renamed.write(to: asJPEG)
        let library = try TestLibrary()
        try library.ingest([asJPEG])
        let asset = try #require(try library.asset(at: asJPEG))
        #expect(asset.format == .dng)
        #expect((asset.width, asset.height) == (432, 288))
    }

    /// `raw-identify -v`'s "Output size" for each file LibRaw opens (0.20.2, Debian 12).
    @Test func theDevelopedSizeIsLibRawsOutputSize() throws {
        let expected: [String: (Int, Int)] = [
            "DNG.dng": (3474, 2314), "CanonRaw.cr3": (6024, 4020), "CanonRaw.crw": (3088, 2056),
            "FujiFilm.raf": (3030, 2036), "Minolta.mrw": (3272, 2456), "Nikon.nef": (3039, 2014),
            "Panasonic.rw2": (3664, 2754), "PhaseOne.iiq": (7320, 5484),
        ]
        for (name, size) in expected {
            let raw = try RawFile(try Self.bytes(name), maxMemoryBytes: 134_217_728)
            #expect((raw.outputSize.width, raw.outputSize.height) == size, "\(name)")
        }
    }

    /// One camera's data as `exiftool -j -n` reads it (the capture time: its SubSecDateTimeOriginal).
    struct Camera {
        var make: String, model: String, lens: String?, takenAt: String
        var iso: Int, fNumber: Double, exposure: Double, focalLength: Double
    }

    static let cameras: [String: Camera] = [
        "DNG.dng": Camera(make: "Canon", model: "Canon EOS 350D DIGITAL", lens: nil, takenAt: "2005-08-03T18:59:18",
                          iso: 400, fNumber: 8, exposure: 1.0 / 15, focalLength: 55),
        "Nikon.nef": Camera(make: "NIKON CORPORATION", model: "NIKON D70", lens: nil, takenAt: "2004-06-09T16:02:35.00",
                            iso: 200, fNumber: 3.5, exposure: 0.05, focalLength: 18),
        "CanonRaw.cr3": Camera(make: "Canon", model: "Canon EOS M50", lens: "EF-M15-45mm f/3.5-6.3 IS STM",
                               takenAt: "2018-02-21T12:08:56.21+00:00", iso: 12800, fNumber: 3.5, exposure: 0.0125, focalLength: 15),
        "FujiFilm.raf": Camera(make: "FUJIFILM", model: "FinePix S5Pro", lens: nil, takenAt: "2007-05-22T13:58:30",
                               iso: 100, fNumber: 8, exposure: 0.004, focalLength: 70),
        "Panasonic.rw2": Camera(make: "Panasonic", model: "DMC-LX3", lens: nil, takenAt: "2008-08-06T15:21:56",
                                iso: 80, fNumber: 4, exposure: 0.004, focalLength: 5.1),
        "PhaseOne.iiq": Camera(make: "Leaf", model: "Credo 40", lens: "Mamiya LS 80mm f/2.8 D", takenAt: "2013-06-19T15:44:21",
                               iso: 100, fNumber: 5.6, exposure: 0.0008, focalLength: 80),
        "Minolta.mrw": Camera(make: "Konica Minolta Camera, Inc.", model: "DiMAGE A2", lens: nil, takenAt: "2004-11-18T23:14:58",
                              iso: 64, fNumber: 2.8, exposure: 0.2, focalLength: 7.203125),
    ]

    @Test func theCameraDataIsExiftools() throws {
        for (name, camera) in Self.cameras {
            let bytes = try Self.bytes(name)
            let raw = try RawFile(bytes, maxMemoryBytes: 134_217_728)
            let found = RawImageDecoder.metadata(of: raw, bytes: bytes, format: try #require(try Self.sniff(name)), path: "/nonexistent/\(name)", modifiedNanoseconds: 0)
            #expect(found.make == camera.make, "\(name)")
            #expect(found.model == camera.model, "\(name)")
            #expect(found.lensModel == camera.lens, "\(name)")
            #expect(found.takenAt == camera.takenAt, "\(name)")
            #expect(found.takenAtSource == .exifDateTimeOriginal, "\(name)")
            #expect(found.iso == camera.iso, "\(name)")
            #expect(abs((found.fNumber ?? 0) - camera.fNumber) < 0.01, "\(name): \(found.fNumber ?? 0)")
            #expect(abs((found.exposureTime ?? 0) / camera.exposure - 1) < 0.001, "\(name): \(found.exposureTime ?? 0)")
            #expect(abs((found.focalLength ?? 0) - camera.focalLength) < 0.01, "\(name): \(found.focalLength ?? 0)")
            #expect(found.orientation == 1, "\(name)")
        }
    }

    /// A CRW holds no EXIF block Shoebox reads: its data is LibRaw's, whose names are
    /// normalised (exiftool: `Canon EOS DIGITAL REBEL`) and whose exposure is rounded from APEX
    /// differently (exiftool: f/3.56, 1/64 s).
    @Test func formatsWithoutEXIFTakeLibRawsReading() throws {
        let expected: [String: Camera] = [
            "CanonRaw.crw": Camera(make: "Canon", model: "EOS 300D", lens: nil, takenAt: "2003-11-10T17:39:26",
                                   iso: 100, fNumber: 3.51, exposure: 1.0 / 60, focalLength: 24),
        ]
        for (name, camera) in expected {
            let bytes = try Self.bytes(name)
            let raw = try RawFile(bytes, maxMemoryBytes: 134_217_728)
            let found = RawImageDecoder.metadata(of: raw, bytes: bytes, format: try #require(try Self.sniff(name)),
                                                 path: "/nonexistent/\(name)", modifiedNanoseconds: 0)
            #expect(found.make == camera.make, "\(name)")
            #expect(found.model == camera.model, "\(name)")
            #expect(found.takenAt == camera.takenAt, "\(name)")
            #expect(found.takenAtSource == .rawCaptureTime, "\(name)")
            #expect(found.iso == camera.iso, "\(name)")
            #expect(abs((found.fNumber ?? 0) - camera.fNumber) < 0.01, "\(name): \(found.fNumber ?? 0)")
            #expect(abs((found.exposureTime ?? 0) / camera.exposure - 1) < 0.01, "\(name): \(found.exposureTime ?? 0)")
            #expect(abs((found.focalLength ?? 0) - camera.focalLength) < 0.01, "\(name): \(found.focalLength ?? 0)")
        }
    }
}
