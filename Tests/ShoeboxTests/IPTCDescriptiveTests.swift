import Foundation
import Testing
@testable import Shoebox

/// IPTC-IIM keywords, caption and title (as Picasa, Photo Mechanic and newsroom tools write
/// them) are read where the XMP packet gives none: a file tagged "Frost, Yard" had
/// `keywords: []`. Files tagged here by exiftool, the reference, whose IPTC text is ISO 8859-1
/// unless told otherwise.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "exiftool is not installed: skipped"))
struct IPTCDescriptiveTests {
    func tagged(_ arguments: [String]) throws -> (TestLibrary, URL) {
        let library = try TestLibrary()
        let root = try library.folder.folder("photos", copying: [Fixtures.sample("tall.jpg")])
        let file = root.appendingPathComponent("tall.jpg")
        try FixtureTool.run("exiftool", ["-overwrite_original", "-XMP:all="] + arguments + [file.path])
        try library.ingest([root])
        return (library, file)
    }

    @Test func keywordsCaptionAndTitleAreRead() throws {
        let (library, file) = try tagged(["-IPTC:Keywords=Frost", "-IPTC:Keywords=Yard",
                                          "-IPTC:Caption-Abstract=Morning frost on the yard", "-IPTC:ObjectName=Frost"])

        let metadata = try #require(try library.asset(at: file)).metadata

        #expect(metadata.keywords == ["Frost", "Yard"])
        #expect(metadata.description == "Morning frost on the yard")
        #expect(metadata.title == "Frost")
    }

    @Test func latinOneTextIsDecoded() throws {
        let (library, file) = try tagged(["-IPTC:Keywords=Café", "-IPTC:Caption-Abstract=Crème brûlée"])

        let metadata = try #require(try library.asset(at: file)).metadata

        #expect(metadata.keywords == ["Café"])
        #expect(metadata.description == "Crème brûlée")
    }

    @Test func utf8TextIsDecoded() throws {
        let (library, file) = try tagged(["-IPTC:CodedCharacterSet=UTF8", "-IPTC:Keywords=Zürich", "-IPTC:Keywords=東京"])

        #expect(try #require(try library.asset(at: file)).metadata.keywords == ["Zürich", "東京"])
    }

    @Test func theXMPPacketComesFirst() throws {
        let (library, file) = try tagged(["-IPTC:Keywords=Frost", "-XMP-dc:Subject=Snow", "-XMP-dc:Description=From XMP"])

        let metadata = try #require(try library.asset(at: file)).metadata

        #expect(metadata.keywords == ["Snow"])
        #expect(metadata.description == "From XMP")
    }
}
