import Foundation
import Testing
@testable import Shoebox

/// `shoebox metadata`: what an ingest would catalogue, read without a library or a decode.
@Suite struct MetadataCommandTests {
    @Test func aPhotosMetadataIsOneJSONLine() throws {
        let path = Fixtures.sample("orientation/landscape_6.jpg").path
        let run = try ShoeboxBinary.run(["metadata", "--json", path])
        #expect(run.status == 0)
        #expect(run.output == """
            {"exposureTime":null,"fNumber":null,"focalLength":null,"format":"jpeg","gps":{"altitude":35,"latitude":48.8584,\
            "longitude":2.2945},"height":360,"iso":null,"lensModel":null,"make":"Shoebox","model":"Sample Camera",\
            "orientation":6,"path":"\(path)","takenAt":"2024-05-06T10:00:00","takenAtSource":"Exif DateTimeOriginal",\
            "width":240}\n
            """)
    }

    @Test func aVideosDateComesFromItsContainer() throws {
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample("video/portrait.mp4").path])
        #expect(run.output == "\(Fixtures.sample("video/portrait.mp4").path)\tmp4\t320x180\t2024-07-01T08:00:00Z\tQuickTime mvhd CreationTime\t-\t-\n")
    }

    @Test func aFolderIsWalkedPassingOverWhatIsNotMedia() throws {
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample("broken").path, Fixtures.sample("gif").path])
        #expect(run.status == 0)
        #expect(run.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
            Substring(Fixtures.sample("broken/truncated.jpg").path),
            Substring(Fixtures.sample("gif/animated.gif").path), Substring(Fixtures.sample("gif/static.gif").path),
        ])
    }

    @Test func aNamedFileThatIsNotMediaFailsAndTheOthersArePrinted() throws {
        let readme = Fixtures.sample("README.md").path
        let run = try ShoeboxBinary.run(["metadata", readme, Fixtures.sample("tall.jpg").path])
        #expect(run.status == 1)
        #expect(run.errors == "failed \(readme): not a supported image or video format (by content)\n")
        #expect(run.output.hasPrefix(Fixtures.sample("tall.jpg").path + "\tjpeg\t60x600\t2024-06-02T09:15:00\t"))
    }
}

/// Links named as PATHs are followed as ingest follows them; one that points nowhere says so.
extension MetadataCommandTests {
    private func linkedFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let real = try folder.folder("real", copying: [Fixtures.sample("tall.jpg")])
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("link.jpg").path,
                                                   withDestinationPath: real.appendingPathComponent("tall.jpg").path)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("dangling.jpg").path,
                                                   withDestinationPath: "nowhere.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("folder").path, withDestinationPath: "real")
        return folder
    }

    @Test func aLinkToAPhotoIsReadAsThePhotoUnderTheNameGiven() throws {
        let folder = try linkedFolder()
        let link = folder.url.appendingPathComponent("link.jpg").path

        let run = try ShoeboxBinary.run(["metadata", link])

        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix(link + "\tjpeg\t60x600\t2024-06-02T09:15:00\t"), "\(run.output)")
    }

    @Test func aLinkToAFolderIsWalked() throws {
        let folder = try linkedFolder()
        let link = folder.url.appendingPathComponent("folder").path

        let run = try ShoeboxBinary.run(["metadata", link])

        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix(link + "/tall.jpg\tjpeg\t60x600\t"), "\(run.output)")
    }

    @Test func aDanglingLinkIsSaidToBeOne() throws {
        let folder = try linkedFolder()
        let link = folder.url.appendingPathComponent("dangling.jpg").path

        let run = try ShoeboxBinary.run(["metadata", link])

        #expect(run.status == 1)
        #expect(run.errors == "failed \(link): a dangling link to nowhere.jpg: it points to nothing that exists\n")
    }
}

extension MetadataCommandTests {
    /// A JPEG larger than the prefix read for its segments: its date and size still come whole.
    @Test func aLargeJPEGsSegmentsAreReadWithoutItsScanData() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("noise.jpg")
        try FixtureTool.run("vips", ["gaussnoise", file.path + "[Q=95]", "2400", "1600"])
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:04:05 06:07:08", "-Make=Shoebox", file.path])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        try #require(size > 512 * 1024, "the file must be larger than the prefix: \(size) bytes")
        let run = try ShoeboxBinary.run(["metadata", file.path])
        #expect(run.output == "\(file.path)\tjpeg\t2400x1600\t2021-04-05T06:07:08\tExif DateTimeOriginal\tShoebox\t-\n")
    }
}

extension MetadataCommandTests {
    /// A PNG is read without its pixel data; an XMP packet in a chunk after the pixels still
    /// counts, as when the file is read whole.
    @Test func aPNGsXMPAfterItsPixelDataIsRead() throws {
        let folder = try TemporaryFolder()
        let plain = folder.url.appendingPathComponent("plain.png")
        try FixtureTool.run("vips", ["gaussnoise", plain.path, "600", "400"])
        var bytes = [UInt8](try Data(contentsOf: plain))
        let xmp = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:DateTimeOriginal="2020-03-04T05:06:07"/>"#
            + "</rdf:RDF></x:xmpmeta>"
        bytes.insert(contentsOf: PNGChunk.bytes(type: "iTXt", [UInt8]("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + [UInt8](xmp.utf8)),
                     at: bytes.count - 12)   // before IEND, after the last IDAT
        let file = folder.url.appendingPathComponent("late-xmp.png")
        try Data(bytes).write(to: file)

        let run = try ShoeboxBinary.run(["metadata", file.path])

        #expect(run.output == "\(file.path)\tpng\t600x400\t2020-03-04T05:06:07\tXMP exif:DateTimeOriginal\t-\t-\n")
    }

    /// A JPEG whose segments end after the first 64 KB read for them is read again with more.
    @Test func aJPEGWhoseSegmentsPassTheFirstPrefixIsReadWithTheLongerOne() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("long-segments.jpg")
        try FixtureTool.run("vips", ["gaussnoise", file.path + "[Q=95]", "1200", "800"])
        try FixtureTool.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:04:05 06:07:08", "-Make=Shoebox",
                                         "-Comment=" + String(repeating: "x", count: 60_000),
                                         "-XMP-dc:Description=" + String(repeating: "y", count: 30_000), file.path])
        let scan = try Data(contentsOf: file).withUnsafeBytes { JPEGStructure.firstScanOffset($0) ?? 0 }
        try #require(scan > 64 * 1024 && scan < 512 * 1024, "the first scan must start between the two prefixes: \(scan)")

        let run = try ShoeboxBinary.run(["metadata", file.path])

        #expect(run.output == "\(file.path)\tjpeg\t1200x800\t2021-04-05T06:07:08\tExif DateTimeOriginal\tShoebox\t-\n")
    }
}
