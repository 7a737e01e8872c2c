import Foundation
import Testing
@testable import Shoebox

/// `shoebox places` and `list --place`, run as a user runs them, on the samples and on the
/// shared corpus's photos with positions (exiftool reads the same positions from them).
@Suite struct PlacesCommandLineTests {
    let cli = CommandLineTests()

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// The cover column varies with the order files finished; the rest is written out.
    func withoutCovers(_ text: String) -> [String] {
        lines(text).map { $0.split(separator: "\t").dropLast().joined(separator: "\t") }
    }

    @Test func theSamplesPhotoAtTheEiffelTowerIsInParis() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try cli.shoebox("ingest", Fixtures.sample("orientation").path, "--library", library)
        let places = try cli.shoebox("places", "--library", library)
        #expect(places.status == 0)
        let id = try #require(lines(try cli.shoebox("list", "--place", "paris", "--library", library).output).first?.split(separator: "\t").first)
        #expect(lines(places.output) == ["1\tcountry\tFrance\tphoto 1\t\(id)",
                                         "1\tregion\tÎle-de-France, France\tphoto 1\t\(id)",
                                         "1\tcity\tParis, Île-de-France, France\tphoto 1\t\(id)"])
        let listed = try cli.shoebox("list", "--place", "France", "--library", library)
        #expect(lines(listed.output).map { $0.split(separator: "\t").last.map(String.init) } == [Fixtures.sample("orientation/landscape_6.jpg").path])
    }

    @Test func anUnknownPlaceNamesTheNearestOne() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try cli.shoebox("ingest", Fixtures.sample("orientation").path, "--library", library)
        let result = try cli.shoebox("list", "--place", "Pari", "--library", library)
        #expect(result.status == 1)
        #expect(result.errors == "Error: no asset is in a place named \"Pari\" (did you mean \"Paris\"? see shoebox places)\n")
    }

    /// Every photo of the corpus with a position: 23 files from 9 countries.
    static let located = [
        "exif-samples/heic/IMG_5195.HEIC", "exif-samples/heic/mobile/HMD_Nokia_8.3_5G.heif",
        "exif-samples/heic/mobile/HMD_Nokia_8.3_5G_hdr.heif", "exif-samples/jpg/Kodak_CX7530.jpg", "exif-samples/jpg/gps",
        "exif-samples/jpg/hdr/iphone_hdr_NO.jpg", "exif-samples/jpg/hdr/iphone_hdr_YES.jpg", "exif-samples/jpg/mobile/HMD_Nokia_8.3_5G.jpg",
        "exif-samples/jpg/tests/67-0_length_string.jpg", "exif-samples/jpg/tests/87_OSError.jpg", "exiftool-t/Apple.jpg",
        "exiftool-t/GPS.jpg", "exiftool-t/GoPro.jpg", "exiftool-t/Google.jpg", "exiftool-t/Ricoh2.jpg",
    ]

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func theCorpusPhotosAreInTheirPlaces() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try cli.shoebox(["ingest"] + Self.located.map { Fixtures.corpus($0).path } + ["--library", library])
        #expect(withoutCovers(try cli.shoebox("places", "--library", library).output) == [
            "10\tcountry\tItaly\tphoto 10", "10\tregion\tTuscany, Italy\tphoto 10",
            "9\tcity\tArezzo, Tuscany, Italy\tphoto 9", "1\tcity\tFlorence, Tuscany, Italy\tphoto 1",
            "6\tcountry\tSpain\tphoto 6", "5\tregion\tMadrid, Spain\tphoto 5", "3\tcity\tMadrid, Madrid, Spain\tphoto 3",
            "1\tcity\tCercedilla, Madrid, Spain\tphoto 1", "1\tcity\tColmenar Viejo, Madrid, Spain\tphoto 1",
            "1\tregion\tAragon, Spain\tphoto 1", "1\tcity\tAlmudévar, Aragon, Spain\tphoto 1",
            "2\tcountry\tUnited Kingdom\tphoto 2", "2\tregion\tEngland, United Kingdom\tphoto 2",
            "1\tcity\tPrudhoe, England, United Kingdom\tphoto 1", "1\tcity\tSheffield, England, United Kingdom\tphoto 1",
            "2\tcountry\tUnited States\tphoto 2", "1\tregion\tMissouri, United States\tphoto 1",
            "1\tcity\tBlue Springs, Missouri, United States\tphoto 1", "1\tregion\tNew York, United States\tphoto 1",
            "1\tcity\tNew York City, New York, United States\tphoto 1",
            "1\tcountry\tFinland\tphoto 1", "1\tregion\tUusimaa, Finland\tphoto 1", "1\tcity\tHelsinki, Uusimaa, Finland\tphoto 1",
            "1\tcountry\tGermany\tphoto 1", "1\tregion\tNorth Rhine-Westphalia, Germany\tphoto 1",
            "1\tcity\tGummersbach, North Rhine-Westphalia, Germany\tphoto 1",
            "1\tcountry\tKenya\tphoto 1", "1\tregion\tNakuru County, Kenya\tphoto 1", "1\tcity\tNakuru, Nakuru County, Kenya\tphoto 1",
        ])
    }

    /// A capture time written without an offset gets its place's; one written with its own keeps it.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func aCaptureTimeWithoutAnOffsetGetsItsPlacesZone() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        let files = ["exif-samples/jpg/gps/DSCN0010.jpg", "exiftool-t/GoPro.jpg", "exif-samples/jpg/mobile/HMD_Nokia_8.3_5G.jpg"]
        _ = try cli.shoebox(["ingest"] + files.map { Fixtures.corpus($0).path } + ["--library", library])
        let objects = try lines(try cli.shoebox("list", "--json", "--sort", "name", "--library", library).output).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let offsets = objects.map { "\($0["takenAt"] as? String ?? "") \($0["takenOffset"] as? Int ?? 0) \($0["takenOffsetSource"] as? String ?? "")" }
        #expect(offsets == ["2008-10-22T16:28:39 7200 position",        // Arezzo in October: CEST
                            "2017-10-03T10:58:29 -14400 position",      // New York in October: EDT
                            "2022-08-14T14:12:31+03:00 10800 file"])    // the phone wrote its own
    }
}

/// `shoebox moments` and `list --moment`, run as a user runs them.
@Suite struct MomentsCommandLineTests {
    let cli = CommandLineTests()

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// Arezzo's nine photos of 22 October 2008, half an hour apart at most: one moment.
    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func aWalkThroughArezzoIsOneMomentTitledByItsPlace() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try cli.shoebox("ingest", Fixtures.corpus("exif-samples/jpg/gps").path, Fixtures.corpus("exiftool-t/GoPro.jpg").path,
                            "--library", library)
        let moments = lines(try cli.shoebox("moments", "--library", library).output).map { $0.split(separator: "\t").map(String.init) }
        #expect(moments.map { Array($0[1...4]) + [$0[6]] } == [
            ["1", "2017-10-03T10:58:29", "2017-10-03T10:58:29", "photo 1", "New York City, United States"],
            ["9", "2008-10-22T16:28:39", "2008-10-22T17:00:07", "photo 9", "Arezzo, Italy"],
        ])
        let walk = try cli.shoebox("list", "--moment", moments[1][0], "--library", library)
        #expect(lines(walk.output).map { URL(fileURLWithPath: String($0.split(separator: "\t").last!)).lastPathComponent } == [
            "DSCN0010.jpg", "DSCN0012.jpg", "DSCN0021.jpg", "DSCN0025.jpg", "DSCN0027.jpg", "DSCN0029.jpg", "DSCN0038.jpg",
            "DSCN0040.jpg", "DSCN0042.jpg"])
        #expect(lines(try cli.shoebox("moments", "--by", "year", "--library", library).output) == [
            "2017\t1 moment\t1\tphoto 1\tNew York City, United States", "2008\t1 moment\t9\tphoto 9\tArezzo, Italy"])
        #expect(lines(try cli.shoebox("moments", "--year", "2008", "--library", library).output).count == 1)
    }

    @Test func theSamplesMomentsAreTitledByTheirDayOrPlace() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try cli.shoebox("ingest", Fixtures.sample("orientation").path, "--library", library)
        // landscape_1 to _8 are a day apart each (2024-05-01 to 2024-05-08); _6 was taken in Paris.
        let titles = lines(try cli.shoebox("moments", "--library", library).output).map { String($0.split(separator: "\t").last!) }
        #expect(titles == ["Wednesday 8 May 2024", "Tuesday 7 May 2024", "Paris, France", "Sunday 5 May 2024", "Saturday 4 May 2024",
                           "Friday 3 May 2024", "Thursday 2 May 2024", "Wednesday 1 May 2024"])
        let missing = try cli.shoebox("list", "--moment", "9999", "--library", library)
        #expect(missing.status == 1 && missing.errors == "Error: no moment 9999 (see shoebox moments)\n")
    }
}
