import Foundation
import Testing
@testable import Shoebox

/// Files that hold metadata or a thumbnail of another file are skipped as sidecars, never
/// catalogued: real files made in a temporary folder, ingested by the built `shoebox`.
@Suite struct SidecarFileTests {
    /// A camera's `.THM` (a JPEG) beside its video was catalogued as a second, separate photo.
    @Test func aTHMBesideItsVideoIsSkippedAsItsSidecar() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try copy("video/portrait.mp4", to: photos, as: "MVI_0001.mp4")
        try copy("orientation/landscape_1.jpg", to: photos, as: "MVI_0001.THM")
        let result = try ingest(photos, folder)
        #expect(result.status == 0)
        #expect(result.errors.contains("skipped \(photos.path)/MVI_0001.THM: sidecar of MVI_0001.mp4\n"))
        #expect(result.output.hasPrefix("ingested 1, unchanged 0, moved or touched 0, failed 0, still failed 0, skipped 1,"))
    }

    /// With no video of its name beside it, a `.thm` may be the only copy of its picture: a photo.
    @Test func aTHMWithNoVideoBesideItStaysAPhoto() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try copy("orientation/landscape_1.jpg", to: photos, as: "MVI_0002.THM")
        let result = try ingest(photos, folder)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("ingested 1, unchanged 0, moved or touched 0, failed 0, still failed 0, skipped 0,"))
    }

    /// XMP sidecars in both conventions, Takeout JSON in both names and an AAE file name the
    /// photo they belong to.
    @Test func metadataSidecarsAreSkippedAsSidecarsOfTheirPhoto() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try copy("orientation/landscape_1.jpg", to: photos, as: "IMG_0001.JPG")
        let sidecars = ["IMG_0001.JPG.xmp", "IMG_0001.XMP", "IMG_0001.JPG.json",
                        "IMG_0001.JPG.supplemental-metadata.json", "IMG_0001.AAE"]
        for name in sidecars { try write(Self.xmp, to: photos, as: name) }
        let result = try ingest(photos, folder)
        #expect(result.status == 0)
        for name in sidecars {
            #expect(result.errors.contains("skipped \(photos.path)/\(name): sidecar of IMG_0001.JPG\n"), "\(name)")
        }
        #expect(result.output.hasPrefix("ingested 1, unchanged 0, moved or touched 0, failed 0, still failed 0, skipped 5,"))
    }

    /// A sidecar whose media file is not beside it is still a sidecar, and says so.
    @Test func aSidecarWithoutItsMediaFileIsSkippedAndSaysSo() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try write(Self.xmp, to: photos, as: "gone.jpg.xmp")
        let result = try ingest(photos, folder)
        #expect(result.status == 0)
        #expect(result.errors.contains("skipped \(photos.path)/gone.jpg.xmp: sidecar (.xmp); no media file of its name beside it\n"))
    }

    /// A photo deleted after its ingest leaves its sidecars behind: they are reported, the
    /// photo's asset is flagged missing, and nothing new is catalogued.
    @Test func sidecarsLeftBehindByADeletedPhotoAreReportedNotCatalogued() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        try copy("orientation/landscape_1.jpg", to: photos, as: "IMG_1(1).jpg")
        try copy("orientation/landscape_1.jpg", to: photos, as: "keep.jpg")
        for name in ["IMG_1(1).jpg.xmp", "IMG_1.jpg(1).json"] { try write(Self.xmp, to: photos, as: name) }
        #expect(try ingest(photos, folder).status == 0)
        try FileManager.default.removeItem(at: photos.appendingPathComponent("IMG_1(1).jpg"))
        let result = try ingest(photos, folder)
        #expect(result.status == 0)
        for name in ["IMG_1(1).jpg.xmp", "IMG_1.jpg(1).json"] {
            let kind = (name as NSString).pathExtension
            #expect(result.errors.contains("skipped \(photos.path)/\(name): sidecar (.\(kind)); no media file of its name beside it\n"))
        }
        #expect(result.output.hasPrefix("ingested 0, unchanged 1, moved or touched 0, failed 0, still failed 0, skipped 2, newly missing 1 "),
                "\(result.output)")
    }

    /// The name rules alone, with the files beside given.
    @Test(arguments: [
        ("/p/IMG_1.jpg.xmp", ["/p/IMG_1.jpg"], Sidecar(owner: "/p/IMG_1.jpg", kind: "xmp")),
        ("/p/IMG_1.xmp", ["/p/IMG_1.CR2"], Sidecar(owner: "/p/IMG_1.CR2", kind: "xmp")),
        ("/p/IMG_1.xmp", [], Sidecar(owner: nil, kind: "xmp")),
        ("/p/a.json", [], Sidecar(owner: nil, kind: "json")),
        ("/p/IMG_1.HEIC.supplemental-metadata.json", ["/p/IMG_1.HEIC"], Sidecar(owner: "/p/IMG_1.HEIC", kind: "json")),
        ("/p/IMG_1.jpg(1).json", ["/p/IMG_1.jpg", "/p/IMG_1(1).jpg"], Sidecar(owner: "/p/IMG_1(1).jpg", kind: "json")),
        ("/p/IMG_1.jpg.supplemental-me(2).json", ["/p/IMG_1(2).jpg"], Sidecar(owner: "/p/IMG_1(2).jpg", kind: "json")),
        ("/p/IMG_1234.AAE", ["/p/IMG_1234.HEIC"], Sidecar(owner: "/p/IMG_1234.HEIC", kind: "aae")),
        ("/p/MVI_1.THM", ["/p/MVI_1.AVI"], Sidecar(owner: "/p/MVI_1.AVI", kind: "thm")),
        ("/p/MVI_1.thm", ["/p/MVI_1.jpg"], nil),
        ("/p/IMG_1.jpg", ["/p/IMG_1.jpg.xmp"], nil),
    ] as [(String, [String], Sidecar?)])
    func recognisedByNameAndWhatIsBesideIt(path: String, beside: [String], expected: Sidecar?) {
        #expect(Sidecar.recognise(path, exists: beside.contains) == expected)
    }

    static let xmp = """
        <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"
         exif:DateTimeOriginal="2001-02-03T04:05:06"/></rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """

    private func copy(_ sample: String, to folder: URL, as name: String) throws {
        try FileManager.default.copyItem(at: Fixtures.sample(sample), to: folder.appendingPathComponent(name))
    }

    private func write(_ text: String, to folder: URL, as name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    private func ingest(_ photos: URL, _ folder: TemporaryFolder) throws -> ShoeboxBinary.Result {
        try ShoeboxBinary.run(["ingest", photos.path, "--library", folder.url.appendingPathComponent("library").path])
    }
}
