import Foundation
import Testing

/// Every file of ExifTool's own test images (`../shared/corpus/exiftool-t`: RAWs of 9
/// brands, JPEG XL, BMP, XMP sidecars, IPTC, ~25 maker notes) read by `shoebox metadata` and
/// by `exiftool -j -n -G1`, the reference: capture date (from the tag Shoebox names as its
/// source, or none missed), make, model and GPS must agree. The disagreements that remain are
/// written out below with their reasons; one that appears or goes away fails the test, so
/// this list stays the truth (docs/METADATA.md repeats it).
@Suite struct ExiftoolOracleTests {
    static let remaining: [String: String] = [
        "AFCP.jpg date": "its only date is IPTC inside an AFCP trailer after the image, which Shoebox does not read",
        "CasioQVCI.jpg date": "its only date is in Casio's QVCI maker block",
        "ExtendedXMP.jpg date": "its only date is XMP-pdf:CreationDate, a PDF's creation time, not a capture time",
        "CanonRaw.crw model": "a CRW has no EXIF block: LibRaw's normalised name (EOS 300D for Canon EOS DIGITAL REBEL)",
        "QuickTime.mov make": "the make is in a Pentax-specific QuickTime atom",
        "CanonRaw.cr2 unreadable": "its sensor data is cut down: LibRaw refuses the file",
        "JXL.jxl unreadable": "a dummy JPEG XL (no image data): libjxl refuses it",
        "JXL2.jxl unreadable": "a dummy JPEG XL (no image data): libjxl refuses it",
        "Sigma.x3f unreadable": "LibRaw 0.20 (Debian 12) cannot read Sigma X3F",
        "SigmaDP2.x3f unreadable": "LibRaw 0.20 (Debian 12) cannot read Sigma X3F",
    ]

    /// Where exiftool keeps the value of each `takenAtSource`.
    static let tagsOfSource: [String: [String]] = [
        "Exif DateTimeOriginal": ["ExifIFD:DateTimeOriginal"], "Exif DateTimeDigitized": ["ExifIFD:CreateDate"],
        "Exif IFD0 DateTime": ["IFD0:ModifyDate"], "XMP exif:DateTimeOriginal": ["XMP-exif:DateTimeOriginal"],
        "XMP sidecar exif:DateTimeOriginal": ["XMP-exif:DateTimeOriginal"], "XMP xmp:CreateDate": ["XMP-xmp:CreateDate"],
        "XMP photoshop:DateCreated": ["XMP-photoshop:DateCreated"], "IPTC DateCreated": ["IPTC:DateCreated"],
        "QuickTime mvhd CreationTime": ["QuickTime:CreateDate"],
        "RAW capture time (LibRaw)": ["CanonRaw:DateTimeOriginal", "ExifIFD:DateTimeOriginal"],
    ]
    static let dateTags: Set<String> = ["DateTimeOriginal", "CreateDate", "DateCreated", "CreationDate", "ModifyDate",
                                        "DateTimeCreated", "DigitalCreationDate", "DateTimeDigitized"]

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func shoeboxAgreesWithExiftoolButWhereListed() throws {
        let folder = try #require(Fixtures.sharedCorpus).appendingPathComponent("exiftool-t")
        let run = try ShoeboxBinary.run(["metadata", "--json", folder.path])
        let ours = try Self.objects(Data(run.output.utf8), lines: true)
        let reference = try Self.objects(try FixtureTool.run("exiftool", ["-j", "-n", "-G1", "-a", "-r", folder.path],
                                                             outputIsEnough: true), lines: false)
        var found: Set<String> = []
        for line in run.errors.split(separator: "\n") where line.hasPrefix("failed ") {
            let path = line.dropFirst("failed ".count).prefix { $0 != ":" }
            found.insert("\(path.split(separator: "/").last ?? "") unreadable")
        }
        for (name, mine) in ours {
            var theirs = reference[name] ?? [:]
            if (mine["takenAtSource"] as? String)?.hasPrefix("XMP sidecar") == true {
                // A sidecar's date is the sidecar's: exiftool reads the sidecar file on its own.
                let base = name.split(separator: ".").dropLast().joined(separator: ".")
                let sidecar = reference[name + ".xmp"] ?? reference[base + ".xmp"] ?? [:]
                theirs.merge(sidecar.filter { $0.key.hasPrefix("XMP-") }) { _, sidecar in sidecar }
            }
            found.formUnion(Self.disagreements(name, ours: mine, exiftool: theirs))
        }
        #expect(found.subtracting(Self.remaining.keys).sorted() == [], "new disagreements with exiftool")
        #expect(Set(Self.remaining.keys).subtracting(found).sorted() == [], "listed disagreements that are gone: update the list")
        #expect(ours.count > 50, "files read: \(ours.count)")
    }

    static func disagreements(_ name: String, ours: [String: Any], exiftool: [String: Any]) -> Set<String> {
        var found: Set<String> = []
        if !dateAgrees(ours, exiftool) { found.insert("\(name) date") }
        for field in ["make", "model"] {
            let theirs = exiftool.filter { $0.key.hasSuffix(":" + field.capitalized) }.map { "\($0.value)".trimmingCharacters(in: .whitespaces) }
            let mine = ours[field] as? String
            if (mine != nil || !theirs.isEmpty) && !theirs.contains(mine ?? "") { found.insert("\(name) \(field)") }
        }
        let latitude = exiftool["Composite:GPSLatitude"] as? Double, longitude = exiftool["Composite:GPSLongitude"] as? Double
        let theirPlace = latitude.flatMap { lat in longitude.map { (lat, $0) } }.flatMap { $0 == (0, 0) ? nil : $0 }
        let gps = ours["gps"] as? [String: Any]
        let myPlace = (gps?["latitude"] as? Double).flatMap { lat in (gps?["longitude"] as? Double).map { (lat, $0) } }
        switch (myPlace, theirPlace) {
        case (nil, nil): break
        case let (mine?, theirs?) where abs(mine.0 - theirs.0) < 1e-5 && abs(mine.1 - theirs.1) < 1e-5: break
        default: found.insert("\(name) gps")
        }
        return found
    }

    /// The value read from the tag Shoebox names equals exiftool's (to the second, or the day
    /// for a day alone); with the file's own time, exiftool knows no capture date either.
    static func dateAgrees(_ ours: [String: Any], _ exiftool: [String: Any]) -> Bool {
        guard let source = ours["takenAtSource"] as? String, let taken = ours["takenAt"] as? String else { return false }
        if source == "FileModifyDate" {
            return !exiftool.contains { key, value in
                let parts = key.split(separator: ":")
                return parts.count == 2 && dateTags.contains(String(parts[1])) && !["System", "File", "Composite"].contains(String(parts[0]))
                    && "\(value)".contains { $0 != "0" && $0 != ":" && $0 != " " }
            }
        }
        guard let tags = tagsOfSource[source] else { return false }
        return tags.contains { tag in
            guard let value = exiftool[tag].map({ "\($0)" }) else { return false }
            var iso = Array(value.prefix(19))
            if iso.count >= 10 { iso[4] = "-"; iso[7] = "-" }
            if iso.count == 19 { iso[10] = "T" }
            return taken.hasPrefix(String(iso))
        }
    }

    /// File name → object, from JSON lines (`shoebox metadata --json`) or one array (exiftool).
    static func objects(_ data: Data, lines: Bool) throws -> [String: [String: Any]] {
        let list: [Any] = lines
            ? try data.split(separator: UInt8(ascii: "\n")).map { try JSONSerialization.jsonObject(with: Data($0)) }
            : (try JSONSerialization.jsonObject(with: data) as? [Any] ?? [])
        var byName: [String: [String: Any]] = [:]
        for case let object as [String: Any] in list {
            guard let path = (object["path"] ?? object["SourceFile"]) as? String else { continue }
            byName[String(path.split(separator: "/").last ?? "")] = object
        }
        return byName
    }
}
