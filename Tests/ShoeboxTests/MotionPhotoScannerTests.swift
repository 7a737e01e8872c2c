import Foundation
import Testing
@testable import Shoebox

/// Where Android phones put the video of a motion photo, and when not to believe them.
@Suite struct MotionPhotoScannerTests {
    /// A minimal MP4 start: an `ftyp` box of brand `isom`, then filler.
    let mp4: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8) + Array(repeating: 7, count: 40)

    func scan(_ bytes: [UInt8], _ format: MediaFormat) -> EmbeddedVideo? {
        bytes.withUnsafeBytes { raw in MotionPhotoScanner.embeddedVideo(in: raw, format: format, xmp: XMPPacket.find(in: raw)) }
    }

    func jpeg(xmp: String) -> [UInt8] {
        [0xFF, 0xD8] + Array("<x:xmpmeta>\(xmp)</x:xmpmeta>".utf8) + [0xFF, 0xD9]
    }

    @Test func aContainerDirectoryGivesTheVideoAsTheFilesTail() {
        let xmp = """
            <Container:Directory><rdf:Seq>
            <rdf:li><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>
            <rdf:li><Container:Item Item:Semantic="MotionPhoto" Item:Mime="video/mp4" Item:Length="\(mp4.count)"/></rdf:li>
            </rdf:Seq></Container:Directory>
            """
        let still = jpeg(xmp: xmp)
        #expect(scan(still + mp4, .jpeg) == EmbeddedVideo(offset: Int64(still.count), length: Int64(mp4.count)))
    }

    @Test func aDirectoryListingOnlyThePrimaryImageIsNotAMotionPhoto() {
        let xmp = "<Container:Item Item:Semantic=\"Primary\" Item:Mime=\"image/jpeg\"/>"
        #expect(scan(jpeg(xmp: xmp) + mp4, .jpeg) == nil)
    }

    @Test func aMotionPhotoFlagWithoutAnOffsetIsFoundByItsFtypBox() {
        let still = jpeg(xmp: "<rdf:Description GCamera:MotionPhoto=\"1\"/>")
        #expect(scan(still + mp4, .jpeg) == EmbeddedVideo(offset: Int64(still.count), length: Int64(mp4.count)))
    }

    @Test func anOffsetThatDoesNotLandOnAnMP4IsNotBelieved() {
        let still = jpeg(xmp: "<rdf:Description GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"30\"/>")
        #expect(scan(still + Array(repeating: 1, count: 64), .jpeg) == nil)
    }

    @Test func aSamsungTrailerHoldsTheVideoAfterItsMarker() {
        let still: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9] + Array("MotionPhoto_Data".utf8)
        #expect(scan(still + mp4, .jpeg) == EmbeddedVideo(offset: Int64(still.count), length: Int64(mp4.count)))
    }

    @Test func aSamsungHEICKeepsTheVideoInAnMpvdBox() {
        let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        let box: [UInt8] = [0, 0, 0, UInt8(8 + mp4.count)] + Array("mpvd".utf8) + mp4
        #expect(scan(ftyp + box, .heic) == EmbeddedVideo(offset: Int64(ftyp.count + 8), length: Int64(mp4.count)))
    }
}
