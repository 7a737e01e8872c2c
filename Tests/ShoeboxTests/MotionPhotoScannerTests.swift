import Foundation
import Testing
@testable import Shoebox

/// Where Android phones put the video of a motion photo, and when not to believe them.
@Suite struct MotionPhotoScannerTests {
    /// A minimal MP4 start: an `ftyp` box of brand `isom`, then filler.
    let mp4: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8) + Array(repeating: 7, count: 40)

    func scan(_ bytes: [UInt8], _ format: MediaFormat) -> MotionPhotoFinding? {
        bytes.withUnsafeBytes { raw in MotionPhotoScanner.scan(raw, format: format, xmp: XMPPacket.find(in: raw)) }
    }

    func video(offset: Int, length: Int) -> MotionPhotoFinding {
        .video(EmbeddedVideo(offset: Int64(offset), length: Int64(length)))
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
        #expect(scan(still + mp4, .jpeg) == video(offset: still.count, length: mp4.count))
    }

    @Test func aDirectoryListingOnlyThePrimaryImageIsNotAMotionPhoto() {
        let xmp = "<Container:Item Item:Semantic=\"Primary\" Item:Mime=\"image/jpeg\"/>"
        #expect(scan(jpeg(xmp: xmp) + mp4, .jpeg) == nil)
    }

    @Test func aMotionPhotoFlagWithoutAnOffsetIsFoundByItsFtypBox() {
        let still = jpeg(xmp: "<rdf:Description GCamera:MotionPhoto=\"1\"/>")
        #expect(scan(still + mp4, .jpeg) == video(offset: still.count, length: mp4.count))
    }

    @Test func anOffsetThatDoesNotLandOnAnMP4IsNotBelieved() {
        let still = jpeg(xmp: "<rdf:Description GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"30\"/>")
        #expect(scan(still + Array(repeating: 1, count: 64), .jpeg) == nil)
    }

    @Test func aSamsungTrailerHoldsTheVideoAfterItsMarker() {
        let still: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9] + Array("MotionPhoto_Data".utf8)
        #expect(scan(still + mp4, .jpeg) == video(offset: still.count, length: mp4.count))
    }

    @Test func aSamsungHEICKeepsTheVideoInAnMpvdBox() {
        let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        let box: [UInt8] = [0, 0, 0, UInt8(8 + mp4.count)] + Array("mpvd".utf8) + mp4
        #expect(scan(ftyp + box, .heic) == video(offset: ftyp.count + 8, length: mp4.count))
    }

    /// `ftyp`, then an `mdat` box that says it holds 1000 bytes of which `kept` are there.
    func cutMP4(keeping kept: Int) -> [UInt8] {
        [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8)
            + [0, 0, 0x03, 0xE8] + Array("mdat".utf8) + Array(repeating: 7, count: kept)
    }

    @Test func anXMPOffsetPastTheStartOfTheFileIsAVideoCutShort() {
        let still = jpeg(xmp: "<rdf:Description GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"5000\"/>")
        let file = still + mp4
        #expect(scan(file, .jpeg) == .cutShort(reason: "the motion photo's video is cut short: its XMP MicroVideoOffset says "
                                                      + "the video is the last 5000 bytes, and the file has \(file.count)"))
    }

    @Test func aContainerItemLengthPastTheStartOfTheFileIsAVideoCutShort() {
        let xmp = """
            <rdf:Description GCamera:MotionPhoto="1"/><Container:Directory><rdf:Seq>
            <rdf:li><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>
            <rdf:li><Container:Item Item:Semantic="MotionPhoto" Item:Mime="video/mp4" Item:Length="9000"/></rdf:li>
            </rdf:Seq></Container:Directory>
            """
        let file = jpeg(xmp: xmp) + mp4
        #expect(scan(file, .jpeg) == .cutShort(reason: "the motion photo's video is cut short: its XMP Item:Length says "
                                                      + "the video is the last 9000 bytes, and the file has \(file.count)"))
    }

    /// The XMP offset counts from the end, so a copy cut short puts it before the video: the
    /// `ftyp` box is then found by searching, and the box sizes tell the video is partial.
    @Test func aVideoWhoseMdatRunsPastTheEndOfTheFileIsCutShort() {
        let whole = cutMP4(keeping: 1000 - 8)
        let still = jpeg(xmp: "<rdf:Description GCamera:MicroVideo=\"1\" GCamera:MicroVideoOffset=\"\(whole.count)\"/>")
        #expect(scan(still + whole, .jpeg) == video(offset: still.count, length: whole.count))

        let cut = Array((still + whole).dropLast(30))
        #expect(scan(cut, .jpeg) == .cutShort(reason: "the motion photo's video is cut short: its mdat box runs 30 bytes past the end of the file"))
    }

    @Test func aSamsungTrailerWhoseVideoRunsPastTheEndIsCutShort() {
        let still: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9] + Array("MotionPhoto_Data".utf8)
        #expect(scan(still + cutMP4(keeping: 40), .jpeg)
                == .cutShort(reason: "the motion photo's video is cut short: its mdat box runs 952 bytes past the end of the file"))
    }

    /// A real JPEG (its scans walked to its end-of-image marker), with nothing announcing a video.
    func still() throws -> [UInt8] { [UInt8](try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))) }

    @Test func anMP4RightAfterTheEndOfImageIsTheVideo() throws {
        let still = try still()
        #expect(scan(still + mp4, .jpeg) == video(offset: still.count, length: mp4.count))
    }

    @Test func otherDataAfterTheEndOfImageIsIgnored() throws {
        let still = try still()
        let unknownBrand: [UInt8] = [0, 0, 0, 24] + Array("ftypxxxx".utf8) + Array(repeating: 0, count: 48)
        let shortFtyp: [UInt8] = [0, 0, 0, 12] + Array("ftypisom".utf8) + Array(repeating: 0, count: 48)
        for trailer in [Array(repeating: 0x5A, count: 1000), Array("XXXX".utf8) + mp4, unknownBrand, shortFtyp] {
            #expect(scan(still + trailer, .jpeg) == nil)
        }
    }

    /// The trailer follows the still's own data: its marker's name in a header segment (a
    /// comment here) is not the trailer, and does not hide the one after the end-of-image marker.
    @Test func aSamsungTrailerIsLookedForAfterTheEndOfImage() throws {
        let real = try still()
        let marker = Array("MotionPhoto_Data".utf8)
        let comment: [UInt8] = [0xFF, 0xFE, 0, UInt8(2 + marker.count)] + marker
        let still = Array(real[0..<2]) + comment + Array(real[2...]) + marker
        #expect(scan(still + mp4, .jpeg) == video(offset: still.count, length: mp4.count))
    }

    /// An end-of-image offset the caller knows (its decode read up to there) is the still's
    /// end: the scan does not walk the picture's data for its own. Here the walk would end the
    /// still before the four bytes ahead of the video and find none right after it.
    @Test func aKnownEndOfImageIsTakenAsTheStillsEnd() throws {
        let still = try still() + Array("XXXX".utf8)
        let found = (still + mp4).withUnsafeBytes { raw in
            MotionPhotoScanner.scan(raw, format: .jpeg, xmp: nil, endOfImage: still.count)
        }
        #expect(found == video(offset: still.count, length: mp4.count))
        #expect(scan(still + mp4, .jpeg) == nil)
    }

    @Test func anMP4AfterTheEndOfImageThatRunsPastTheEndIsCutShort() throws {
        #expect(scan(try still() + cutMP4(keeping: 40), .jpeg)
                == .cutShort(reason: "the motion photo's video is cut short: its mdat box runs 952 bytes past the end of the file"))
    }

    @Test func anMpvdBoxRunningPastTheEndIsCutShort() {
        let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        let box: [UInt8] = [0, 0, 0, UInt8(8 + mp4.count + 20)] + Array("mpvd".utf8) + mp4
        #expect(scan(ftyp + box, .heic) == .cutShort(reason: "the motion photo's video is cut short: its mpvd box runs 20 bytes past the end of the file"))
    }
}
