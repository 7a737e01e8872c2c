import Foundation
import Testing
@testable import Shoebox

/// Which positions are places: every reader (EXIF, video containers, sidecars) passes the same
/// gate, so a zeroed GPS block or a broken altitude never puts a photo somewhere it was not.
@Suite struct GPSLocationTests {
    struct Reading: CustomTestStringConvertible, Sendable {
        let what: String
        let latitude: Double, longitude: Double, altitude: Double?
        let expected: GPSLocation?
        var testDescription: String { what }
    }

    static let readings: [Reading] = [
        Reading(what: "a real place keeps its altitude", latitude: 48.8584, longitude: 2.2945, altitude: 35,
                expected: GPSLocation(latitude: 48.8584, longitude: 2.2945, altitude: 35)),
        Reading(what: "0,0 is no location", latitude: 0, longitude: 0, altitude: 0, expected: nil),
        Reading(what: "0,0 with an altitude is no location", latitude: 0, longitude: 0, altitude: 120, expected: nil),
        Reading(what: "on the equator is a place", latitude: 0, longitude: 36.0564, altitude: nil,
                expected: GPSLocation(latitude: 0, longitude: 36.0564)),
        Reading(what: "on the prime meridian is a place", latitude: 51.4779, longitude: 0, altitude: nil,
                expected: GPSLocation(latitude: 51.4779, longitude: 0)),
        Reading(what: "a latitude beyond the pole is none", latitude: 91, longitude: 10, altitude: nil, expected: nil),
        Reading(what: "a longitude beyond 180 is none", latitude: 10, longitude: -180.5, altitude: nil, expected: nil),
        Reading(what: "not a number is none", latitude: .nan, longitude: 10, altitude: nil, expected: nil),
        Reading(what: "4 billion metres is dropped, the place kept", latitude: 10, longitude: 20, altitude: 4_294_967_284,
                expected: GPSLocation(latitude: 10, longitude: 20)),
        Reading(what: "the Dead Sea shore is kept", latitude: 31.5, longitude: 35.5, altitude: -430,
                expected: GPSLocation(latitude: 31.5, longitude: 35.5, altitude: -430)),
    ]

    @Test(arguments: readings)
    func aReadingIsAPlaceOnlyWhenItCanBe(_ reading: Reading) {
        #expect(GPSLocation.reading(latitude: reading.latitude, longitude: reading.longitude, altitude: reading.altitude)
                == reading.expected)
    }

    @Test(arguments: [
        (UInt32(35), UInt32(1), false, 35.0),
        (UInt32(35), UInt32(1), true, -35.0),
        (UInt32(3983), UInt32(1000), true, -3.983),
        (UInt32(4_294_967_284), UInt32(1), false, -12.0),
        (UInt32(4_294_967_284), UInt32(1), true, -12.0),
        (UInt32(4_294_966_296), UInt32(100), false, -10.0),
    ])
    func exifAltitudeHonoursItsReferenceAndReadsAStoredSignAsSigned(
        numerator: UInt32, denominator: UInt32, belowSeaLevel: Bool, metres: Double
    ) throws {
        let altitude = try #require(GPSLocation.exifAltitude(numerator: numerator, denominator: denominator,
                                                             belowSeaLevel: belowSeaLevel))
        #expect(abs(altitude - metres) < 1e-9)
    }

    @Test func anAltitudeOverZeroIsNone() {
        #expect(GPSLocation.exifAltitude(numerator: 35, denominator: 0, belowSeaLevel: false) == nil)
    }

    /// A camera without a fix writes a GPS IFD of zeros; the photo has no place.
    @Test func aZeroedGPSBlockInAJPEGIsNoLocation() throws {
        let folder = try TemporaryFolder()
        let copy = try copyOfLandscape6(into: folder.url, writing: ["-GPSLatitude=0", "-GPSLongitude=0", "-GPSLatitudeRef=N", "-GPSLongitudeRef=E"])
        #expect(try readMetadata(copy).location == nil)
    }

    /// -12 m written as a signed number into EXIF's unsigned altitude field.
    @Test func anAltitudeStoredSignedInAJPEGIsBelowSeaLevel() throws {
        let folder = try TemporaryFolder()
        let copy = try copyOfLandscape6(into: folder.url, writing: ["-GPSAltitude#=4294967284", "-GPSAltitudeRef#=0"])
        let location = try #require(try readMetadata(copy).location)
        #expect(abs(location.latitude - 48.8584) < 1e-9)
        #expect(location.altitude == -12)
    }

    private func copyOfLandscape6(into folder: URL, writing tags: [String]) throws -> URL {
        let copy = folder.appendingPathComponent("gps.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_6.jpg"), to: copy)
        try ExifTool.run(["-q", "-overwrite_original"] + tags + [copy.path])
        return copy
    }

    /// Lightroom and other editors may write the position into the file's XMP only.
    @Test func aPositionOnlyInTheFilesXMPIsRead() throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let file = try copyOfLandscape6(into: folder, writing: [
            "-gps:all=", "-XMP-exif:GPSLatitude=51.5", "-XMP-exif:GPSLongitude=-0.125"])   // 51,30.0N and 0,7.5W
        try library.ingest([folder])
        let asset = try #require(try library.asset(at: file))
        let location = try #require(asset.metadata.location)
        #expect(abs(location.latitude - 51.5) < 1e-9 && abs(location.longitude - -0.125) < 1e-9)
        #expect(asset.metadata.locationSource == .xmpGPS)
    }
}
