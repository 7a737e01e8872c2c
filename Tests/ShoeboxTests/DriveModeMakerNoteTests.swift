import Foundation
import Testing
@testable import ShoeboxParsers
import ShoeboxModel

/// `DriveModeMakerNote` reads continuous drive where exiftool does: in ExifTool's own test
/// images of each brand, in copies exiftool edited to continuous drive, and across the
/// whole shared corpus with exiftool as the oracle.
@Suite(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
struct DriveModeMakerNoteTests {
    /// What exiftool says of each file, written out: a continuous frame (with its shot number
    /// where the camera counts them), or nil for a single frame or no drive mode at all.
    static let cameras: [(String, ContinuousDrive?)] = [
        ("Canon.jpg", ContinuousDrive()),                      // ContinuousDrive: Continuous
        ("Canon1DmkIII.jpg", ContinuousDrive()),               // Continuous, High
        ("NikonD70.jpg", ContinuousDrive()),                   // ShootingMode: Continuous
        ("NikonD2Hs.jpg", nil),                                // ShootingMode: Delay
        ("Nikon.jpg", nil),                                    // no ShootingMode
        ("OlympusE1.jpg", ContinuousDrive(shot: 2)),           // DriveMode: Continuous Shooting, Shot 2
        ("Olympus2.jpg", nil),                                 // Single Shot
        ("Pentax.jpg", nil),                                   // Single-frame
        ("Panasonic.jpg", nil),                                // BurstMode: Off
        ("Sony.jpg", nil),                                     // no ReleaseMode
        ("Apple.jpg", nil),
        ("FujiFilm.jpg", nil),
    ]

    @Test(arguments: cameras) func readsTheDriveModeExiftoolReads(name: String, expected: ContinuousDrive?) throws {
        #expect(try Self.drive(Self.corpusFile(name)) == expected, "\(name)")
    }

    /// Copies that exiftool, the reference writer, set to continuous drive: Olympus's newer
    /// note (`OLYMPUS\0II`, offsets from the note), Pentax's, Panasonic's, and a Nikon
    /// pre-capture frame (bit 11).
    @Test(arguments: [
        ("Olympus2.jpg", ["-n", "-Olympus:DriveMode=1 3 0"], ContinuousDrive(shot: 3)),
        ("Pentax.jpg", ["-n", "-Pentax:DriveMode=1 0 0 0"], ContinuousDrive()),
        ("Panasonic.jpg", ["-n", "-Panasonic:BurstMode=1", "-Panasonic:SequenceNumber=4"], ContinuousDrive(shot: 4)),
        ("NikonD2Hs.jpg", ["-n", "-Nikon:ShootingMode=2048"], ContinuousDrive()),
        ("Olympus2.jpg", ["-n", "-Olympus:DriveMode=2 1 0"], nil),   // exposure bracketing is not a burst
    ])
    func readsCopiesExiftoolSetToContinuousDrive(name: String, edit: [String], expected: ContinuousDrive?) throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent(name)
        try FixtureTool.run("exiftool", ["-q"] + edit + ["-o", copy.path, Self.corpusFile(name).path])
        #expect(try Self.drive(copy) == expected)
    }

    /// exiftool cannot add Sony's ReleaseMode to a note without one, so two of Sony.jpg's
    /// entries are rewritten as ReleaseMode 2 and SequenceNumber 3, and exiftool checks the
    /// copy says "Continuous", shot 3, before Shoebox reads it.
    @Test func readsSonysReleaseModeAndShot() throws {
        var bytes = try Data(contentsOf: Self.corpusFile("Sony.jpg"))
        let note = try #require(bytes.firstRange(of: Data("SONY DSC \0\0\0".utf8))).lowerBound
        for (index, tag, value) in [(7, 0xB049, 2), (8, 0xB04A, 3)] {
            let entry = note + 14 + index * 12
            let fields: [UInt8] = [UInt8(tag & 0xFF), UInt8(tag >> 8), 3, 0, 1, 0, 0, 0, UInt8(value), 0, 0, 0]
            bytes.replaceSubrange(entry..<entry + 12, with: fields)
        }
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("Sony.jpg")
        try bytes.write(to: copy)
        let said = try FixtureTool.run("exiftool", ["-s3", "-ReleaseMode", "-SequenceNumber", copy.path])
        #expect(String(decoding: said, as: UTF8.self) == "Continuous\n3\n")
        #expect(try Self.drive(copy) == ContinuousDrive(shot: 3))
    }

    /// Untrusted bytes: every cut of each camera's EXIF block, and thousands of blocks with
    /// bytes overwritten (a seeded generator, so a failure repeats), give an answer or nil,
    /// never a read outside the block (a debug build traps on one).
    @Test func cutAndDamagedBlocksNeverReadOutsideThem() throws {
        var generator = SeededGenerator(seed: 30)
        for (name, _) in Self.cameras {
            let bytes = try Data(contentsOf: Self.corpusFile(name))
            let exif = try #require(bytes.withUnsafeBytes { JPEGHeader($0)?.exifData }, "\(name)")
            for length in stride(from: 0, to: exif.count, by: max(1, exif.count / 2000)) {
                _ = exif.prefix(length).withUnsafeBytes { DriveModeMakerNote.continuousDrive(inEXIF: $0) }
            }
            for _ in 0..<500 {
                var damaged = exif
                for _ in 0..<4 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
                _ = damaged.withUnsafeBytes { DriveModeMakerNote.continuousDrive(inEXIF: $0) }
            }
        }
    }

    /// Every JPEG of the shared corpus: continuous where exiftool reads a continuous drive
    /// mode (by the same rule per brand), and only there.
    @Test func agreesWithExiftoolOnTheWholeCorpus() throws {
        let corpus = try #require(Fixtures.sharedCorpus)
        let tags = ["-Canon:ContinuousDrive", "-Nikon:ShootingMode", "-Olympus:DriveMode", "-Pentax:DriveMode",
                    "-Sony:ReleaseMode", "-Panasonic:BurstMode"]
        let json = try FixtureTool.run("exiftool", ["-j", "-n", "-G1", "-r", "-ext", "jpg", "-ext", "jpeg"] + tags + [corpus.path],
                                       outputIsEnough: true)
        let files = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        var continuous = 0
        for file in files {
            let path = try #require(file["SourceFile"] as? String)
            let expected = Self.isContinuous(exiftool: file)
            if expected { continuous += 1 }
            #expect((try Self.drive(URL(fileURLWithPath: path)) != nil) == expected, "\(path)")
        }
        #expect(files.count > 100 && continuous >= 5, "\(files.count) files, \(continuous) continuous")
    }

    /// exiftool's numbers (`-n`, by brand with `-G1`) read by the rule `DriveModeMakerNote`
    /// documents.
    static func isContinuous(exiftool file: [String: Any]) -> Bool {
        let number = { (key: String) in (file[key] as? NSNumber)?.intValue }
        let numbers = { (key: String) in (file[key] as? String)?.split(separator: " ").compactMap { Int($0) } ?? [] }
        if let drive = number("Canon:ContinuousDrive") { return [1, 3, 4, 5, 8, 10].contains(drive) }
        if let mode = number("Nikon:ShootingMode") { return mode & 0x801 != 0 }
        if let release = number("Sony:ReleaseMode") { return release == 2 }
        if let burst = number("Panasonic:BurstMode") { return [1, 4, 17].contains(burst) }
        if let mode = numbers("Olympus:DriveMode").first { return mode == 1 }
        if let mode = numbers("Pentax:DriveMode").first { return (1...4).contains(mode) }
        return false
    }

    static func corpusFile(_ name: String) throws -> URL {
        try #require(Fixtures.sharedCorpus).appendingPathComponent("exiftool-t").appendingPathComponent(name)
    }

    static func drive(_ file: URL) throws -> ContinuousDrive? {
        let bytes = try Data(contentsOf: file)
        guard let exif = bytes.withUnsafeBytes({ JPEGHeader($0)?.exifData }) else { return nil }
        return exif.withUnsafeBytes { DriveModeMakerNote.continuousDrive(inEXIF: $0) }
    }
}
