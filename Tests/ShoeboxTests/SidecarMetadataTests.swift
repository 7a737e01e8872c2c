import Foundation
import Testing
@testable import Shoebox

/// What XMP sidecars and Google Takeout JSON say beside a photo (place, rating, title,
/// description, keywords, capture time) is catalogued, overriding what the photo itself says,
/// and the source says so. The sample photo's own EXIF DateTimeOriginal is
/// 2024-05-01T10:00:00.250+02:00, and it has no GPS; sidecars are written at test time.
@Suite struct SidecarMetadataTests {
    @Test func sidecarGPSInDegreesAndDecimalMinutesWithAltitudeBelowSeaLevel() throws {
        let asset = try ingested(sidecars: ["IMG_1.jpg.xmp": Self.packet(attributes: """
            exif:GPSLatitude="51,30.5N" exif:GPSLongitude="0,7.5W" exif:GPSAltitude="123/10" exif:GPSAltitudeRef="1"
            """)])
        #expect(asset.metadata.location == GPSLocation(latitude: 51 + 30.5 / 60, longitude: -7.5 / 60, altitude: -12.3))
        #expect(asset.metadata.locationSource == .xmpSidecar)
    }

    @Test func sidecarGPSInDegreesMinutesAndSeconds() throws {
        let asset = try ingested(sidecars: ["IMG_1.xmp": Self.packet(attributes: """
            exif:GPSLatitude="33,51,36S" exif:GPSLongitude="151,12,36E"
            """)])
        let location = try #require(asset.metadata.location)
        #expect(abs(location.latitude - -33.86) < 1e-9 && abs(location.longitude - 151.21) < 1e-9 && location.altitude == nil)
    }

    /// Immich and digiKam let the sidecar win: it is where a person moved the pin.
    @Test func aSidecarPositionOverridesTheEmbeddedGPS() throws {
        let asset = try ingested(sidecars: ["IMG_1.jpg.xmp": Self.packet(attributes: """
            exif:GPSLatitude="48,51.5N" exif:GPSLongitude="2,17.7E"
            """)]) { photo in
            try ExifTool.run(["-q", "-overwrite_original", "-GPSLatitude=10", "-GPSLatitudeRef=N",
                              "-GPSLongitude=20", "-GPSLongitudeRef=E", photo.path])
        }
        let location = try #require(asset.metadata.location)
        #expect(abs(location.latitude - 48.858_333_333) < 1e-6 && abs(location.longitude - 2.295) < 1e-9)
        #expect(asset.metadata.locationSource == .xmpSidecar)
    }

    @Test func embeddedGPSSaysItCameFromExif() throws {
        let asset = try ingested(sidecars: [:]) { photo in
            try ExifTool.run(["-q", "-overwrite_original", "-GPSLatitude=10", "-GPSLatitudeRef=S",
                              "-GPSLongitude=20", "-GPSLongitudeRef=W", photo.path])
        }
        #expect(asset.metadata.location == GPSLocation(latitude: -10, longitude: -20))
        #expect(asset.metadata.locationSource == .exifGPS)
    }

    /// As exiftool writes a sidecar: elements, `rdf:Alt` and `rdf:Bag`.
    @Test func ratingTitleDescriptionAndKeywordsWrittenByExiftool() throws {
        let asset = try ingested(sidecars: [:]) { photo in
            try ExifTool.run(["-q", "-o", photo.deletingPathExtension().appendingPathExtension("xmp").path,
                              "-XMP-xmp:Rating=4", "-XMP-dc:Title=Tower & river", "-XMP-dc:Description=Seen from <the> bridge",
                              "-XMP-dc:Subject=Paris", "-XMP-dc:Subject=Café", "-XMP-dc:Subject=Paris"])
        }
        #expect(asset.metadata.rating == 4)
        #expect(asset.metadata.title == "Tower & river")
        #expect(asset.metadata.description == "Seen from <the> bridge")
        #expect(asset.metadata.keywords == ["Paris", "Café"])
    }

    @Test func theDefaultLanguageTitleIsTakenAndEntitiesDecoded() throws {
        let asset = try ingested(sidecars: ["IMG_1.jpg.xmp": Self.packet(elements: """
            <dc:title><rdf:Alt><rdf:li xml:lang="fr-FR">Le pont</rdf:li><rdf:li xml:lang="x-default">The &amp; &#233;bridge</rdf:li></rdf:Alt></dc:title>
            """)])
        #expect(asset.metadata.title == "The & ébridge")
    }

    /// Lightroom writes both; with only the hierarchy, its paths are the keywords, as written.
    @Test func hierarchicalSubjectsAreTheKeywordsWhenThereIsNoSubject() throws {
        let asset = try ingested(sidecars: ["IMG_1.jpg.xmp": Self.packet(elements: """
            <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|France|Paris</rdf:li><rdf:li>People|Ann</rdf:li></rdf:Bag></lr:hierarchicalSubject>
            """)])
        #expect(asset.metadata.keywords == ["Places|France|Paris", "People|Ann"])
    }

    @Test func aSidecarRatingOverridesTheEmbeddedOne() throws {
        let asset = try ingested(sidecars: ["IMG_1.jpg.xmp": Self.packet(attributes: #"xmp:Rating="5""#)]) { photo in
            try ExifTool.run(["-q", "-overwrite_original", "-XMP-xmp:Rating=1", "-XMP-dc:Title=Embedded", photo.path])
        }
        #expect(asset.metadata.rating == 5)
        #expect(asset.metadata.title == "Embedded")
    }

    /// exiftool and some Windows tools write sidecars as UTF-16; they were not read at all.
    @Test(arguments: [
        ("UTF-16LE with a byte-order mark", String.Encoding.utf16LittleEndian, true),
        ("UTF-16BE with a byte-order mark", String.Encoding.utf16BigEndian, true),
        ("UTF-16LE without a mark", String.Encoding.utf16LittleEndian, false),
    ])
    func utf16SidecarsAreRead(_ name: String, encoding: String.Encoding, withMark: Bool) throws {
        let text = Self.packet(attributes: #"exif:DateTimeOriginal="2001-02-03T04:05:06" xmp:Rating="2""#)
        let mark: [UInt8] = !withMark ? [] : encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let bytes = Data(mark) + (try #require(text.data(using: encoding)))
        let asset = try ingested(sidecarBytes: ["IMG_1.jpg.xmp": bytes])
        #expect(asset.metadata.takenAt == "2001-02-03T04:05:06", "\(name)")
        #expect(asset.metadata.takenAtSource == .sidecarDateTimeOriginal, "\(name)")
        #expect(asset.metadata.rating == 2, "\(name)")
    }

    @Test func takeoutTimeAndPlaceOverrideThePhotos() throws {
        let asset = try ingested(sidecars: ["IMG_1.jpg.json": Self.takeout(timestamp: "1546300800", latitude: 48.8584,
                                                                           longitude: 2.2945, altitude: 35.5)])
        #expect(asset.metadata.takenAt == "2019-01-01T00:00:00Z")
        #expect(asset.metadata.takenAtSource == .takeoutPhotoTakenTime)
        #expect(asset.metadata.location == GPSLocation(latitude: 48.8584, longitude: 2.2945, altitude: 35.5))
        #expect(asset.metadata.locationSource == .takeoutGeoData)
    }

    /// Takeout writes 0, 0 for a photo without a place, and a timestamp of 0 for no time.
    @Test func takeoutZerosMeanNothing() throws {
        let asset = try ingested(sidecars: ["IMG_1.jpg.supplemental-metadata.json": Self.takeout(timestamp: "0", latitude: 0,
                                                                                                 longitude: 0, altitude: 0)])
        #expect(asset.metadata.location == nil)
        #expect(asset.metadata.takenAtSource == .exifDateTimeOriginal)
    }

    /// docs/METADATA.md's order: the XMP sidecar's date and place before Takeout's.
    @Test func theXMPSidecarComesBeforeTakeout() throws {
        let asset = try ingested(sidecars: [
            "IMG_1.jpg.json": Self.takeout(timestamp: "1546300800", latitude: 1, longitude: 2, altitude: 0),
            "IMG_1.jpg.xmp": Self.packet(attributes: #"xmp:CreateDate="2005-06-07T08:09:10" exif:GPSLatitude="3,0N" exif:GPSLongitude="4,0E""#),
        ])
        #expect(asset.metadata.takenAtSource == .sidecarCreateDate)
        #expect(asset.metadata.location == GPSLocation(latitude: 3, longitude: 4))
        #expect(asset.metadata.locationSource == .xmpSidecar)
    }

    /// Takeout's second `IMG_1.jpg` of an album is `IMG_1(1).jpg`, with `IMG_1.jpg(1).json`.
    @Test func aTakeoutDuplicatesJSONIsFoundAndNamesItsPhoto() throws {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let photo = folder.appendingPathComponent("IMG_1(1).jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: photo)
        try Data(Self.takeout(timestamp: "1546300800", latitude: 0, longitude: 0, altitude: 0).utf8)
            .write(to: folder.appendingPathComponent("IMG_1.jpg(1).json"))
        var skipped: [String] = []
        try library.ingest([folder]) { if case let .skipped(_, reason) = $0 { skipped.append(reason) } }
        #expect(try library.asset(at: photo)?.metadata.takenAtSource == .takeoutPhotoTakenTime)
        #expect(skipped == ["sidecar of IMG_1(1).jpg"])
    }

    @Test func showAndListPrintTheSidecarFields() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"),
                                         to: photos.appendingPathComponent("IMG_1.jpg"))
        try Data(Self.packet(attributes: #"xmp:Rating="3" exif:GPSLatitude="10,30N" exif:GPSLongitude="20,15W""#,
                             elements: """
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">A title</rdf:li></rdf:Alt></dc:title>
            <dc:description><rdf:Alt><rdf:li xml:lang="x-default">A caption</rdf:li></rdf:Alt></dc:description>
            <dc:subject><rdf:Bag><rdf:li>one</rdf:li><rdf:li>two</rdf:li></rdf:Bag></dc:subject>
            """).utf8).write(to: photos.appendingPathComponent("IMG_1.jpg.xmp"))
        let library = folder.url.appendingPathComponent("library").path
        #expect(try ShoeboxBinary.run(["ingest", photos.path, "--library", library]).status == 0)
        let listed = try ShoeboxBinary.run(["list", "--json", "--library", library])
        let show = try ShoeboxBinary.run(["show", photos.appendingPathComponent("IMG_1.jpg").path, "--library", library])
        for output in [listed.output, show.output] {
            let data = Data(output.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n").utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(output)")
            #expect(object["rating"] as? Int == 3)
            #expect(object["title"] as? String == "A title")
            #expect(object["description"] as? String == "A caption")
            #expect(object["keywords"] as? [String] == ["one", "two"])
            #expect(object["locationSource"] as? String == "XMP sidecar exif:GPSLatitude")
            let gps = try #require(object["gps"] as? [String: Any])
            #expect(gps["latitude"] as? Double == 10.5 && gps["longitude"] as? Double == -20.25)
        }
    }

    /// An XMP packet as darktable writes it (properties as attributes), with `elements` inside
    /// its description.
    static func packet(attributes: String = "", elements: String = "") -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
         xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:lr="http://ns.adobe.com/lightroom/1.0/" \(attributes)>
        \(elements)
        </rdf:Description>
        </rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    /// A Google Takeout JSON with the fields Shoebox reads, and a few it does not.
    static func takeout(timestamp: String, latitude: Double, longitude: Double, altitude: Double) -> String {
        """
        {
          "title": "IMG_1.jpg",
          "description": "",
          "imageViews": "3",
          "creationTime": {"timestamp": "1600000000", "formatted": "13 Sep 2020, 12:26:40 UTC"},
          "photoTakenTime": {"timestamp": "\(timestamp)", "formatted": "1 Jan 2019, 00:00:00 UTC"},
          "geoData": {"latitude": \(latitude), "longitude": \(longitude), "altitude": \(altitude), "latitudeSpan": 0.0, "longitudeSpan": 0.0},
          "geoDataExif": {"latitude": 0.0, "longitude": 0.0, "altitude": 0.0, "latitudeSpan": 0.0, "longitudeSpan": 0.0},
          "url": "https://photos.google.com/photo/AF1Qip"
        }
        """
    }

    private func ingested(sidecars: [String: String], prepare: (URL) throws -> Void = { _ in }) throws -> AssetRecord {
        try ingested(sidecarBytes: sidecars.mapValues { Data($0.utf8) }, prepare: prepare)
    }

    /// Copies the sample into a fresh folder as `IMG_1.jpg`, lets `prepare` change it or write
    /// beside it, writes `sidecarBytes`, and ingests the folder into a fresh library.
    private func ingested(sidecarBytes: [String: Data], prepare: (URL) throws -> Void = { _ in }) throws -> AssetRecord {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let photo = folder.appendingPathComponent("IMG_1.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: photo)
        try prepare(photo)
        for (name, bytes) in sidecarBytes { try bytes.write(to: folder.appendingPathComponent(name)) }
        try library.ingest([folder])
        let asset = try #require(try library.asset(at: photo))
        try #require(asset.status == .ok, "\(asset.errorMessage ?? "")")
        return asset
    }
}
