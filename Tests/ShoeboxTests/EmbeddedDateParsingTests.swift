import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// The hand-written readers behind capture times, on bytes and text written out: XMP date
/// forms and namespace prefixes, IPTC blocks, the TIFF structure copied for libexif.
@Suite struct EmbeddedDateParsingTests {
    // MARK: - XMPDate

    @Test(arguments: [
        ("2011-02-03T04:05:06+01:00", "2011-02-03T04:05:06+01:00"),
        ("2011-02-03T04:05:06.311+01:00", "2011-02-03T04:05:06.311+01:00"),
        ("2011-02-03T04:05:06Z", "2011-02-03T04:05:06Z"),
        ("2011-02-03T04:05:06", "2011-02-03T04:05:06"),
        ("2011-02-03T04:05+01:00", "2011-02-03T04:05:00+01:00"),
        ("2011-02-03", "2011-02-03"),
        ("2011:02:03 04:05:06", "2011-02-03T04:05:06"),
        ("2019-01-02T03:04:05+0100", "2019-01-02T03:04:05+01:00"),
        ("2019-01-02T03:04:05-05", "2019-01-02T03:04:05-05:00"),
        ("  2011-02-03T04:05:06Z  ", "2011-02-03T04:05:06Z"),
    ])
    func xmpDateForms(_ raw: String, _ iso: String) {
        #expect(XMPDate.iso(raw) == iso)
    }

    @Test(arguments: ["", "2011", "2011-02", "2011-02-03T04", "2011-02-03T04:05:06+1", "2011-02-03 garbage",
                      "2011-02:03", "2011-02-03T04:05:06.+01:00", "yesterday"])
    func xmpDateRejects(_ raw: String) {
        #expect(XMPDate.iso(raw) == nil)
    }

    // MARK: - XMP namespaces

    /// Packets from before 2005 bind the xmp namespace to `xap:`; what counts is the namespace.
    @Test func xmpDatesAreFoundByNamespaceWhateverThePrefix() {
        let packet = XMPPacket(text: """
            <x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF><rdf:Description xmlns:xap='http://ns.adobe.com/xap/1.0/'
             xmlns:ps="http://ns.adobe.com/photoshop/1.0/" xap:CreateDate='2004-02-26T10:00:00-05:00'>
            <ps:DateCreated>2004-02-25</ps:DateCreated></rdf:Description></rdf:RDF></x:xmpmeta>
            """)
        #expect(packet.dates() == [DateCandidate(.xmpCreateDate, "2004-02-26T10:00:00-05:00"),
                                   DateCandidate(.xmpPhotoshopDateCreated, "2004-02-25")])
    }

    /// A property whose prefix is bound to another namespace is not that property.
    @Test func xmpPrefixOfAnotherNamespaceIsNotRead() {
        let packet = XMPPacket(text: """
            <x:xmpmeta><rdf:Description xmlns:xmp='http://example.com/not-xmp/' xmp:CreateDate='2004-02-26'/></x:xmpmeta>
            """)
        #expect(packet.dates() == [])
    }

    // MARK: - IPTCReader

    /// IIM datasets: 1:90 (coded character set), 2:55 DateCreated, 2:60 TimeCreated.
    static let iim: [UInt8] = [0x1C, 1, 90, 0, 3, 0x1B, 0x25, 0x47]
        + [0x1C, 2, 55, 0, 8] + Array("20120101".utf8)
        + [0x1C, 2, 60, 0, 11] + Array("101112+0200".utf8)

    @Test func iptcIIMBlock() {
        #expect(Self.iim.withUnsafeBytes(IPTCReader.dateCreated) == "2012-01-01T10:11:12+02:00")
    }

    /// A JPEG APP13: `Photoshop 3.0`, a resource before the IPTC one (with an odd-length name,
    /// padded, and an odd size, padded), then 0x0404.
    @Test func iptcInPhotoshopImageResources() {
        let other: [UInt8] = Array("8BIM".utf8) + [0x03, 0xED, 2, 0x41, 0x42, 0] + [0, 0, 0, 3, 9, 9, 9, 0]
        let iptc: [UInt8] = Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0, UInt8(Self.iim.count)] + Self.iim
        let block = Array("Photoshop 3.0\0".utf8) + other + iptc
        #expect(block.withUnsafeBytes(IPTCReader.dateCreated) == "2012-01-01T10:11:12+02:00")
    }

    @Test func iptcDateWithoutTime() {
        let iim: [UInt8] = [0x1C, 2, 55, 0, 8] + Array("20040226".utf8)
        #expect(iim.withUnsafeBytes(IPTCReader.dateCreated) == "2004-02-26")
    }

    @Test(arguments: [
        [0x1C, 2, 55, 0, 8] + Array("2004022".utf8),          // cut short
        [0x1C, 2, 55, 0, 7] + Array("2004022".utf8),          // not 8 digits
        [0x1C, 2, 55, 0x80, 0x09] + Array("20040226".utf8),   // an extended length of 9 bytes
        Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF],
        Array("Photoshop 3.0\0".utf8),
        [],
    ] as [[UInt8]])
    func iptcRejects(_ bytes: [UInt8]) {
        #expect(bytes.withUnsafeBytes(IPTCReader.dateCreated) == nil)
    }

    // MARK: - TIFFExifBlock

    @Test(arguments: [
        [],
        Array("II*\0".utf8),                                   // no IFD0 offset
        Array("II*\0".utf8) + [0xFF, 0xFF, 0, 0],              // IFD0 past the end
        Array("MM\0+".utf8) + [0, 0, 0, 8, 0, 0],              // BigTIFF: not read
        Array("XX*\0".utf8) + [8, 0, 0, 0, 0, 0],
    ] as [[UInt8]])
    func tiffWithoutReadableIFD0GivesNoBlock(_ bytes: [UInt8]) {
        #expect(bytes.withUnsafeBytes(TIFFExifBlock.extract) == nil)
    }

    /// An entry whose value lies past the end of the file is left out; the others are kept.
    @Test func tiffEntryPointingPastTheEndIsLeftOut() throws {
        let bytes: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0]
            + [2, 0]
            + [0x10, 0x01, 2, 0, 20, 0, 0, 0, 0xF0, 0xFF, 0, 0]     // Model, 20 bytes at 65520: past the end
            + [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]            // Orientation 6
            + [0, 0, 0, 0]
        let block = try #require(bytes.withUnsafeBytes(TIFFExifBlock.extract))
        let metadata = ExifReader.metadata(fromEXIF: block)
        #expect(metadata.orientation == 6)
        #expect(metadata.model == nil)
    }
}
