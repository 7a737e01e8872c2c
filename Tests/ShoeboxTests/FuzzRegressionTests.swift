import Foundation
import Testing
@testable import Shoebox

/// Every input the parser fuzzer (`scripts/fuzz.sh`) found a crash with, run again.
@Suite struct FuzzRegressionTests {
    /// A name ending in a slash after invalid UTF-8: `NSString.pathExtension` skips the slashes,
    /// so cutting its length off the name's end cut into the wrong place.
    @Test func aTakeoutNameEndingInSlashesIsNoDuplicate() {
        let name = String(decoding: [0x92, 0x96, 0x31, 0x2F, 0x2F, 0xDD], as: UTF8.self)
        #expect(TakeoutJSON.names(forMediaNamed: name).count == 2)
        #expect(TakeoutJSON.mediaName(forJSONNamed: name + ".json") != nil)
    }

    /// A HEIC-looking box list whose 64-bit box size overflowed `offset + size` in the `mpvd` walk.
    @Test func aHugeISOBoxSizeDoesNotOverflow() throws {
        let input = try #require(Data(base64Encoded:
            "FAAAAD0BYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEAAAAAD7AAAAAAD4AAB+AAAAAAAAzRAAAAAAAAA9AQDc3Nzc3AAAAAAAAAAAAAAAAAAAAAAAAHQAAAAAAgABAAAAAAD/////AAAAAAAAAAAAAAAAAAAAAAAAAQAACvn5AAD4AH4AAAAA3wAApgDfpt9vpg=="))
        let body = input.dropFirst()   // the fuzzer's first byte picks the parser
        let found = body.withUnsafeBytes { MotionPhotoScanner.scan($0, format: .heic, xmp: nil) }
        #expect(found == nil)
    }

    /// `samples/photo.heic` with its `ispe` width set to 4294967274: the shrinker once sized
    /// its sums from that claim and asked for terabytes.
    @Test func aHEICClaimingAHugeSizeIsDeclinedBeforeAnythingIsAllocated() throws {
        var bytes = [UInt8](try Data(contentsOf: Fixtures.sample("photo.heic")))
        let ispe = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("ispe".utf8) })
        bytes.replaceSubrange(ispe + 8..<ispe + 12, with: [0xFF, 0xFF, 0xFF, 0xEA])
        let result = bytes.withUnsafeBytes { HEIFShrinkingDecoder($0)?.decode(covering: PixelSize(width: 8, height: 8)) }
        #expect(result == nil)
    }

    /// Not a video: a video cut short (the box claims more than the file holds).
    @Test func aLargeBoxHeaderClaimingMoreThanTheFileIsNoVideo() {
        var bytes: [UInt8] = [0, 0, 0, 1] + Array("mpvd".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        bytes += Array(repeating: 0, count: 32)
        let found = bytes.withUnsafeBytes { MotionPhotoScanner.scan($0, format: .heic, xmp: nil) }
        #expect(found == .cutShort(reason: "the motion photo's video is cut short: its mpvd box runs \(Int.max - 48) bytes past the end of the file"))
    }
}
