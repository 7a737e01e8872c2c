import Foundation
import Testing
@testable import Shoebox

/// A photo with a depth map or portrait matte beside its picture is a Portrait
/// (`depthEffect`, the Portrait smart album); one whose auxiliary image is something else is
/// not. exiftool reads each file's evidence as Shoebox does.
@Suite struct PortraitTests {
    /// `samples/alpha.heic` carries an alpha plane (`urn:mpeg:hevc:2015:auxid:1`): not depth.
    @Test func aHEIFWithAnAlphaPlaneIsNotAPortrait() throws {
        let (library, photos) = try Self.library(with: [("alpha.heic", try Data(contentsOf: Fixtures.sample("alpha.heic")))])
        try library.ingest([photos])
        let asset = try #require(try library.asset(at: photos.appendingPathComponent("alpha.heic")))
        #expect(asset.status == .ok && !asset.subtypes.contains(.depthEffect))
    }

    /// The same file with its auxiliary image typed as ISO's depth (`auxid:2`, what iPhones
    /// write for a portrait's depth): a Portrait.
    @Test func aHEIFWithADepthImageIsAPortrait() throws {
        var bytes = try Data(contentsOf: Fixtures.sample("alpha.heic"))
        let alpha = try #require(bytes.range(of: Data("urn:mpeg:hevc:2015:auxid:1".utf8)))
        bytes.replaceSubrange(alpha, with: Data("urn:mpeg:hevc:2015:auxid:2".utf8))
        let (library, photos) = try Self.library(with: [("depth.heic", bytes)])
        let file = photos.appendingPathComponent("depth.heic")
        #expect(try Self.exiftool("-AuxiliaryImageType", file) == "urn:mpeg:hevc:2015:auxid:2")

        try library.ingest([photos])

        let asset = try #require(try library.asset(at: file))
        #expect(asset.status == .ok && asset.subtypes.contains(.depthEffect))
    }

    /// A JPEG with Google's depth map in its XMP (`GDepth:Format` and the rest, written by
    /// exiftool) is a Portrait; the same picture without it is not.
    @Test func aJPEGWithAGoogleDepthMapIsAPortrait() throws {
        let picture = try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))
        let (library, photos) = try Self.library(with: [("depth.jpg", picture), ("plain.jpg", picture)])
        let depth = photos.appendingPathComponent("depth.jpg")
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-XMP-GDepth:Format=RangeInverse", "-XMP-GDepth:Near=0.3",
                                         "-XMP-GDepth:Far=4.5", "-XMP-GDepth:Mime=image/jpeg", depth.path])
        #expect(try Self.exiftool("-XMP-GDepth:Format", depth) == "RangeInverse")

        try library.ingest([photos])

        #expect(try library.asset(at: depth)?.subtypes.contains(.depthEffect) == true)
        #expect(try library.asset(at: photos.appendingPathComponent("plain.jpg"))?.subtypes.contains(.depthEffect) == false)
    }

    /// A JPEG whose XMP container lists an item of semantic `Depth` (Google's container
    /// format) is a Portrait; one that lists only a gain map (Ultra HDR) is not.
    @Test(arguments: [("Depth", true), ("GainMap", false)])
    func aJPEGsContainerItemOfSemanticDepthMakesAPortrait(semantic: String, isPortrait: Bool) throws {
        let (library, photos) = try Self.library(with: [("photo.jpg", try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg")))])
        let file = photos.appendingPathComponent("photo.jpg")
        let packet = photos.appendingPathComponent("packet.xmp")
        try Self.containerPacket(semantic: semantic).write(to: packet, atomically: true, encoding: .utf8)
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-XMP<=\(packet.path)", file.path])
        try FileManager.default.removeItem(at: packet)

        try library.ingest([photos])

        #expect(try library.asset(at: file)?.subtypes.contains(.depthEffect) == isPortrait)
    }

    private static func library(with files: [(String, Data)]) throws -> (TestLibrary, URL) {
        let library = try TestLibrary()
        let photos = try library.folder.subfolder("photos")
        for (name, bytes) in files { try bytes.write(to: photos.appendingPathComponent(name)) }
        return (library, photos)
    }

    private static func exiftool(_ tag: String, _ file: URL) throws -> String {
        String(decoding: try FixtureTool.run("exiftool", ["-s3", tag, file.path]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func containerPacket(semantic: String) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:Container="http://ns.google.com/photos/1.0/container/"
              xmlns:Item="http://ns.google.com/photos/1.0/container/item/">
           <Container:Directory>
            <rdf:Seq>
             <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>
             <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="\(semantic)" Item:Mime="image/jpeg" Item:Length="0"/></rdf:li>
            </rdf:Seq>
           </Container:Directory>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """
    }
}
