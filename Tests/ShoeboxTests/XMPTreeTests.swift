import Testing
@testable import Shoebox
@testable import ShoeboxParsers

/// XMP is read as XML (expat), by namespace: what a literal search of the packet's text got
/// wrong, and what an untrusted packet may not make the parser do.
@Suite struct XMPTreeTests {
    static func packet(_ description: String, declarations: String = "") -> XMPPacket {
        XMPPacket(text: """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \(declarations)>\(description)</rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """)
    }

    @Test func aCommentedOutPropertyIsNotRead() {
        let packet = Self.packet("<!-- <xmp:Rating>5</xmp:Rating> -->")

        #expect(packet.rating() == nil)
    }

    @Test func anElementsTextIsReadAroundAComment() {
        let packet = Self.packet("<xmp:Rating><!-- stars -->3</xmp:Rating>")

        #expect(packet.rating() == 3)
    }

    @Test func aPrefixRedeclaredInAnInnerElementNamesItsOwnNamespace() {
        let packet = Self.packet("""
            <xmp:Label xmlns:xmp="http://example.com/other/"><xmp:Rating>1</xmp:Rating></xmp:Label><xmp:Rating>4</xmp:Rating>
            """)

        #expect(packet.values("Rating", namespace: XMPPacket.xmpNamespace) == ["4"])
    }

    @Test func aKeywordListInAnotherPrefixIsReadByItsNamespace() {
        let packet = Self.packet("<d:subject><rdf:Bag><rdf:li>Frost</rdf:li><rdf:li>Yard</rdf:li></rdf:Bag></d:subject>",
                                 declarations: "xmlns:d=\"http://purl.org/dc/elements/1.1/\"")

        #expect(packet.keywords() == ["Frost", "Yard"])
    }

    /// The "billion laughs": entities declared in a document type, each ten of the one before.
    @Test func aDocumentTypeEndsTheParseSoNoEntityIsExpanded() {
        let laughs = (1 ... 9).map { "<!ENTITY l\($0) \"" + String(repeating: "&l\($0 - 1);", count: 10) + "\">" }.joined()
        let packet = XMPPacket(text: """
            <!DOCTYPE x:xmpmeta [<!ENTITY l0 "lol">\(laughs)]>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li>&l9;</rdf:li></rdf:Alt></dc:title>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """)

        #expect(packet.title() == nil)
    }

    @Test func anExternalEntityIsNeverLoaded() {
        let packet = XMPPacket(text: """
            <!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]><x:xmpmeta xmlns:x="adobe:ns:meta/">
            <rdf:Description xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
            <xmp:Label>&secret;</xmp:Label></rdf:Description></x:xmpmeta>
            """)

        #expect(packet.values("Label", namespace: XMPPacket.xmpNamespace) == [])
    }

    @Test func elementsNestedPastTheDepthLimitEndTheParse() {
        let deep = String(repeating: "<xmp:a>", count: 100) + String(repeating: "</xmp:a>", count: 100)
        let packet = Self.packet(deep + "<xmp:Rating>2</xmp:Rating>")

        #expect(packet.rating() == nil)
    }

    @Test func whatPrecedesAFaultInAPacketIsKept() {
        let packet = Self.packet("<xmp:Rating>2</xmp:Rating><xmp:Label>unclosed</xmp:Rating>")

        #expect(packet.rating() == 2)
    }
}
