import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// XMP text is read as XML character data: entities decoded, and a CDATA section's text taken
/// as it is, never stored with its `<![CDATA[` markers (a hostile-input finding).
@Suite struct XMPCharacterDataTests {
    static let packet = XMPPacket(text: """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/">
        <dc:title><rdf:Alt><rdf:li xml:lang="x-default"><![CDATA[Fish & <chips>]]></rdf:li></rdf:Alt></dc:title>
        <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Before &amp; <![CDATA[a &amp; b]]> after</rdf:li></rdf:Alt></dc:description>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """)

    @Test func aCDATASectionIsTakenAsItsText() {
        #expect(Self.packet.title() == "Fish & <chips>")
    }

    @Test func entitiesAreDecodedAroundACDATASectionAndNotInsideIt() {
        #expect(Self.packet.caption() == "Before & a &amp; b after")
    }

    @Test func numericCharacterReferencesAreDecoded() {
        let packet = XMPPacket(text: """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag>
            <rdf:li>Caf&#233;</rdf:li><rdf:li>&#x4E2D;&#x6587;</rdf:li></rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>
            """)
        #expect(packet.keywords() == ["Café", "中文"])
    }
}
