import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// When an embedded ICC profile can convert an image's pixels, and why not when it cannot.
@Suite struct ICCProfileTests {
    /// A profile of `count` bytes whose header says `declared` bytes (default: `count`), with one
    /// tag at `tagOffset` of 40 bytes.
    static func profile(count: Int = 200, declared: Int? = nil, deviceClass: String = "mntr", space: String = "RGB ",
                        signature: String = "acsp", tagOffset: Int = 144) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        func put(_ value: Int, at offset: Int) {
            for index in 0..<4 where offset + index < count { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
        }
        func put(_ text: String, at offset: Int) {
            for (index, byte) in text.utf8.enumerated() where offset + index < count { bytes[offset + index] = byte }
        }
        put(declared ?? count, at: 0)
        put(deviceClass, at: 12)
        put(space, at: 16)
        put("XYZ ", at: 20)
        put(signature, at: 36)
        put(1, at: 128)
        put("desc", at: 132)
        put(tagOffset, at: 136)
        put(40, at: 140)
        return bytes
    }

    func problem(_ bytes: [UInt8], pixels: ICCProfile.ColourSpace) -> String? {
        bytes.withUnsafeBytes { ICCProfile.problem(with: $0, pixels: pixels) }
    }

    @Test func aWholeProfileOfThePixelsColourSpaceFits() {
        #expect(problem(Self.profile(), pixels: .rgb) == nil)
        #expect(problem(Self.profile(space: "GRAY"), pixels: .grey) == nil)
        #expect(problem(Self.profile(deviceClass: "prtr", space: "CMYK"), pixels: .cmyk) == nil)
        #expect(problem(Self.profile(count: 256, declared: 200), pixels: .rgb) == nil)   // padding after it
    }

    @Test func eachMisfitSaysWhy() {
        let cases: [([UInt8], ICCProfile.ColourSpace, String)] = [
            (Self.profile(), .grey, "it is an RGB profile and the image is a greyscale one"),
            (Self.profile(deviceClass: "prtr", space: "CMYK"), .rgb, "it is a CMYK profile and the image is an RGB one"),
            (Self.profile(space: "Lab "), .rgb, "it is a 'Lab ' profile and the image is an RGB one"),
            (Self.profile(count: 100), .rgb, "it is 100 bytes, too short for an ICC profile"),
            (Self.profile(signature: "xxxx"), .rgb, "it has no ICC profile signature"),
            (Self.profile(count: 2000, declared: 6922), .rgb, "it is cut short: its header says 6922 bytes and 2000 are there"),
            (Self.profile(tagOffset: 170), .rgb, "it is cut short: its 'desc' tag runs past its end"),
            (Self.profile(deviceClass: "link"), .rgb, "it is a 'link' profile, which does not describe an image's colours"),
        ]
        for (bytes, pixels, reason) in cases {
            #expect(problem(bytes, pixels: pixels) == reason)
        }
    }
}
