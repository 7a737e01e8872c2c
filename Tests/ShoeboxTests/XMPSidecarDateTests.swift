import Foundation
import Testing
@testable import Shoebox

/// An XMP sidecar's capture time overrides every date inside the file, and `takenAtSource`
/// says it came from the sidecar. The sample photo's own EXIF DateTimeOriginal is
/// 2024-05-01T10:00:00.250+02:00; sidecars are written at test time (by exiftool, or as text).
@Suite struct XMPSidecarDateTests {
    @Test func fullNameSidecarDateTimeOriginalOverridesTheEmbeddedOne() throws {
        let taken = try ingestedPhoto(sidecars: ["IMG_1.jpg.xmp": Self.packet("exif:DateTimeOriginal", "2001-02-03T04:05:06")])
        #expect(taken == Taken("2001-02-03T04:05:06", "XMP sidecar exif:DateTimeOriginal"))
    }

    @Test func sidecarNamedWithoutTheExtensionIsReadToo() throws {
        let taken = try ingested(photo: "orientation/landscape_1.jpg", as: "IMG_1.jpg") { folder in
            try ExifTool.run(["-q", "-o", folder.appendingPathComponent("IMG_1.xmp").path,
                              "-XMP-xmp:CreateDate=2014:06:07 08:09:10Z"])
        }
        #expect(taken == Taken("2014-06-07T08:09:10Z", "XMP sidecar xmp:CreateDate"))
    }

    /// `IMG_1.xmp` may belong to `IMG_1.CR2` as well: `IMG_1.jpg.xmp` is this file's own.
    @Test func theFullNameSidecarWinsOverTheShortOne() throws {
        let taken = try ingestedPhoto(sidecars: [
            "IMG_1.xmp": Self.packet("exif:DateTimeOriginal", "1999-09-09T09:09:09"),
            "IMG_1.jpg.xmp": Self.packet("photoshop:DateCreated", "2005-06-07"),
        ])
        #expect(taken == Taken("2005-06-07", "XMP sidecar photoshop:DateCreated"))
    }

    @Test func aVideosSidecarOverridesItsContainerDates() throws {
        let taken = try ingested(photo: "video/portrait.mp4", as: "clip.mp4") { folder in
            try Data(Self.packet("exif:DateTimeOriginal", "2010-10-10T10:10:10+01:00").utf8)
                .write(to: folder.appendingPathComponent("clip.mp4.xmp"))
        }
        #expect(taken == Taken("2010-10-10T10:10:10+01:00", "XMP sidecar exif:DateTimeOriginal"))
    }

    /// A sidecar's ModifyDate says when the sidecar was edited, not when the photo was taken.
    @Test func aSidecarsModifyDateDoesNotOverride() throws {
        let taken = try ingestedPhoto(sidecars: ["IMG_1.jpg.xmp": Self.packet("xmp:ModifyDate", "2020-01-01T00:00:00Z")])
        #expect(taken == Taken("2024-05-01T10:00:00.250+02:00", "Exif DateTimeOriginal"))
    }

    struct Taken: Equatable, CustomStringConvertible {
        let at: String?
        let source: String?
        init(_ at: String?, _ source: String?) { (self.at, self.source) = (at, source) }
        var description: String { "\(at ?? "nil") from \(source ?? "nil")" }
    }

    /// An XMP packet (as darktable writes it: attributes) holding `property="value"`.
    static func packet(_ property: String, _ value: String) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
         xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" \(property)="\(value)"/>
        </rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    private func ingestedPhoto(sidecars: [String: String]) throws -> Taken {
        try ingested(photo: "orientation/landscape_1.jpg", as: "IMG_1.jpg") { folder in
            for (name, text) in sidecars { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        }
    }

    /// Copies a sample into a fresh folder as `name`, lets `addSidecars` write beside it, and
    /// ingests the folder into a fresh library.
    private func ingested(photo sample: String, as name: String, addSidecars: (URL) throws -> Void) throws -> Taken {
        let library = try TestLibrary()
        let folder = try library.folder.subfolder("photos")
        let file = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Fixtures.sample(sample), to: file)
        try addSidecars(folder)
        try library.ingest([folder])
        let asset = try #require(try library.asset(at: file))
        try #require(asset.status == .ok, "\(name): \(asset.errorMessage ?? "")")
        return Taken(asset.metadata.takenAt, asset.metadata.takenAtSource?.rawValue)
    }
}
