import CFFmpeg
import CRaw
import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia
@testable import ShoeboxParsers
@testable import ShoeboxGallery

/// Every function that turns a number read from a file into an `Int`, an `Int32`, an `Int64` or
/// a size, given the extremes a hostile or broken file can hold: each gives a value or nothing,
/// and none traps (Swift's conversions and arithmetic stop the process on overflow).
@Suite struct OutOfRangeNumberTests {
    static let extremes: [Double] = [1e19, -1e19, .greatestFiniteMagnitude, .infinity, -.infinity, .nan]

    // MARK: xmp:Rating

    @Test(arguments: ["1e19", "-1e19", "1e308", "NaN", "inf", "-inf", "6", "-2"])
    func aRatingOutsideItsRangeIsNoRating(text: String) throws {
        #expect(try Self.packet(rating: text).rating() == nil)
    }

    @Test(arguments: [("4.6", 5), ("-1", -1), ("0", 0), ("5", 5)] as [(String, Int)])
    func aRatingInsideItsRangeIsRead(text: String, expected: Int) throws {
        #expect(try Self.packet(rating: text).rating() == expected)
    }

    /// The first readable value counts: one out of range before it is passed over.
    @Test func aRatingAfterAnOutOfRangeOneIsRead() throws {
        let packet = try #require(XMPPacket.find(text: SidecarMetadataTests.packet(
            attributes: #"xmp:Rating="1e19""#, elements: "<xmp:Rating>3</xmp:Rating>")))
        #expect(packet.rating() == 3)
    }

    // MARK: LibRaw's ISO

    @Test(arguments: [Float(1e19), -Float(1e19), .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 0])
    func aRawISOOutsideIntIsNoISO(iso: Float) throws {
        #expect(try Self.rawMetadata(iso: iso).iso == nil)
    }

    @Test func aRawISOIsRounded() throws {
        #expect(try Self.rawMetadata(iso: 100.4).iso == 100)
        #expect(try Self.rawMetadata(iso: 3200).iso == 3200)
    }

    // MARK: animation delays

    /// Milliseconds between frames, at least 1 and at most what vips's `delay` array holds
    /// (an `Int32`); a gap that is no number is the shortest.
    @Test func frameDelaysOfTimestampsFarApartAreCappedAtInt32() {
        #expect(VideoFile.delays([0, 1e19, 2e19], total: nil) == [2_147_483_647, 2_147_483_647, 2_147_483_647])
        #expect(VideoFile.delays([1e19, 0], total: nil) == [1, 1])
        #expect(VideoFile.delays([0, .infinity], total: nil) == [2_147_483_647, 2_147_483_647])
        #expect(VideoFile.delays([0, .nan, 0.2], total: nil) == [1, 1, 1])
    }

    @Test(arguments: extremes)
    func aLastFrameDelayFromAnyDurationFitsInt32(total: Double) {
        let delays = VideoFile.delays([0, 0.1, 0.2], total: total)
        #expect(delays[0] == 100 && delays[1] == 100)
        #expect(delays[2] == (total > 0 ? 2_147_483_647 : 100), "\(total)")
    }

    @Test func frameDelaysOfOrdinaryTimestamps() {
        #expect(VideoFile.delays([0, 0.04, 0.08], total: 0.2) == [40, 40, 120])
        #expect(VideoFile.delays([0], total: nil) == [100])
    }

    // MARK: a video's duration in the gallery

    @Test(arguments: extremes)
    func aDurationOutsideIntHasNoBadgeText(seconds: Double) {
        #expect(AssetTile.duration(seconds) == nil)
    }

    @Test(arguments: [(61.4, "1:01"), (0.4, "0:00"), (3599.5, "60:00"), (9e12, "150000000000:00")] as [(Double, String)])
    func aDurationIsMinutesAndSeconds(seconds: Double, expected: String) {
        #expect(AssetTile.duration(seconds) == expected)
    }

    // MARK: a video's sample aspect ratio

    /// A sample aspect ratio outside 1/8...8 is a broken header, not an anamorphic lens: the
    /// stored width is kept (Int32.max/1 made a width whose pixel count overflowed `Int`).
    @Test(arguments: [(Int32.max, 1), (1, Int32.max), (9, 1), (1, 9), (0, 1), (1, 0), (-4, 3), (4, -3)] as [(Int32, Int32)])
    func aSampleAspectOutsideOneEighthToEightIsIgnored(num: Int32, den: Int32) {
        #expect(VideoFile.squarePixelWidth(storedWidth: 720, sampleAspect: AVRational(num: num, den: den)) == 720)
    }

    @Test(arguments: [(10, 11, 655), (40, 33, 873), (8, 1, 5760), (1, 8, 90)] as [(Int32, Int32, Int)])
    func aSampleAspectInsideTheRangeWidensOrNarrows(num: Int32, den: Int32, expected: Int) {
        #expect(VideoFile.squarePixelWidth(storedWidth: 720, sampleAspect: AVRational(num: num, den: den)) == expected)
    }

    @Test func theWidestStoredFrameAtTheWidestAspect() {
        #expect(VideoFile.squarePixelWidth(storedWidth: Int(Int32.max), sampleAspect: AVRational(num: 8, den: 1)) == 17_179_869_176)
    }

    // MARK: an MP4's top-level boxes

    /// A 64-bit box size near `Int64.max` after another box is a box past the end of the file,
    /// not an offset that overflows.
    @Test(arguments: [UInt64(Int64.max), UInt64.max, UInt64(Int64.max) - 7])
    func aHugeLargeSizeIsTruncation(largeSize: UInt64) {
        var file = Self.box("ftyp", payload: [UInt8](repeating: 0, count: 16))
        file += [0, 0, 0, 1] + Array("mdat".utf8) + (0..<8).map { UInt8(truncatingIfNeeded: largeSize >> (56 - 8 * $0)) }
        file += [UInt8](repeating: 0, count: 64)
        #expect(Self.isTruncated(file))
    }

    @Test func wholeBoxesAreNotTruncation() {
        #expect(!Self.isTruncated(Self.box("ftyp", payload: [1, 2, 3, 4]) + Self.box("mdat", payload: [5, 6])))
        #expect(Self.isTruncated(Self.box("ftyp", payload: [1, 2, 3, 4]) + Self.box("mdat", payload: [5, 6]).dropLast()))
    }

    // MARK: a web rendition's timestamps

    @Test func aFramesTimeFromTheStartSaturatesInsteadOfOverflowing() {
        #expect(WebVideoEncoder.elapsed(.max, since: -1) == .max)
        #expect(WebVideoEncoder.elapsed(.min, since: 1) == .min)
        #expect(WebVideoEncoder.elapsed(.max, since: .min) == .max)
        #expect(WebVideoEncoder.elapsed(1_000, since: 200) == 800)
    }

    @Test(arguments: extremes)
    func secondsOutsideInt64AreNoTicks(seconds: Double) {
        #expect(WebVideoEncoder.ticks(seconds, base: AVRational(num: 1, den: 48_000)) == nil)
    }

    @Test func secondsAreTicksOfTheTimeBase() {
        #expect(WebVideoEncoder.ticks(1.5, base: AVRational(num: 1, den: 48_000)) == 72_000)
        #expect(WebVideoEncoder.ticks(2, base: AVRational(num: 1001, den: 30_000)) == 60)
    }

    // MARK: helpers

    static func packet(rating: String) throws -> XMPPacket {
        try #require(XMPPacket.find(text: SidecarMetadataTests.packet(attributes: "xmp:Rating=\"\(rating)\"")))
    }

    /// What LibRaw's data gives with `iso` as its `iso_speed`, through a real LibRaw handle.
    static func rawMetadata(iso: Float) throws -> PhotoMetadata {
        let handle = try #require(libraw_init(0))
        defer { libraw_close(handle) }
        handle.pointee.other.iso_speed = iso
        return RawFile.metadata(handle.pointee, orientation: .up)
    }

    static func box(_ type: String, payload: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + payload.count)
        return (0..<4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) } + Array(type.utf8) + payload
    }

    static func isTruncated(_ file: [UInt8]) -> Bool {
        ISOBoxWalk.isTruncated(size: Int64(file.count)) { offset, count in
            guard offset >= 0, offset + Int64(count) <= Int64(file.count) else { return nil }
            return Array(file[Int(offset)..<Int(offset) + count])
        }
    }
}

private extension XMPPacket {
    static func find(text: String) -> XMPPacket? {
        Array(text.utf8).withUnsafeBytes { XMPPacket.find(in: $0) }
    }
}
