import Foundation
import Testing
@testable import Shoebox

/// Every path as text, losslessly: bytes that are not UTF-8 are `\xHH`, a backslash that would
/// read as an escape is doubled, everything else is itself.
@Suite struct PathTextTests {
    static let table: [(bytes: [UInt8], text: String)] = [
        (Array("/photos/a.jpg".utf8), "/photos/a.jpg"),
        (Array("/photos/name_non_utf8_".utf8) + [0xFF, 0xFE, 0xC3] + Array("(.jpg".utf8), #"/photos/name_non_utf8_\xff\xfe\xc3(.jpg"#),
        (Array(#"/photos/back\slash.jpg"#.utf8), #"/photos/back\slash.jpg"#),
        (Array(#"/photos/a\x41.jpg"#.utf8), #"/photos/a\\x41.jpg"#),
        (Array(#"/photos/a\\b.jpg"#.utf8), #"/photos/a\\\b.jpg"#),
        (Array(#"/photos/a\"#.utf8) + [0xFF], #"/photos/a\\\xff"#),
        (Array(#"/photos/trailing\"#.utf8), #"/photos/trailing\"#),
        (Array("/photos/caf\u{E9}.jpg".utf8), "/photos/caf\u{E9}.jpg"),
        (Array("/photos/cafe\u{301}.jpg".utf8), "/photos/cafe\u{301}.jpg"),
        (Array("/photos/new\nline.jpg".utf8), "/photos/new\nline.jpg"),
        ([0x2F, 0xED, 0xA0, 0x80], #"/\xed\xa0\x80"#),          // a UTF-16 surrogate
        ([0x2F, 0xC0, 0xAF], #"/\xc0\xaf"#),                    // an overlong "/"
        ([0x2F, 0xF4, 0x90, 0x80, 0x80], #"/\xf4\x90\x80\x80"#), // past U+10FFFF
        ([0x2F, 0xE2, 0x82], #"/\xe2\x82"#),                    // a sequence cut short
        ([0x2F, 0xF0, 0x9F, 0x93, 0xB7], "/\u{1F4F7}"),         // a 4-byte character
    ]

    @Test func pathsEncodeAsWrittenOut() {
        for (bytes, text) in Self.table {
            #expect(PathText.encode(bytes) == text, "\(bytes)")
        }
    }

    @Test func everyTextDecodesToItsPath() {
        for (bytes, text) in Self.table {
            #expect(PathText.decode(text) == bytes, "\(text)")
        }
    }

    @Test func anyBytesRoundTrip() {
        var generator = SeededGenerator(seed: 6)
        let alphabet: [UInt8] = [0x2F, 0x5C, 0x78, 0x61, 0x30, 0x66, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0xFF, 0x80, 0xED]
        for _ in 0..<5000 {
            let bytes = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            #expect(PathText.decode(PathText.encode(bytes)) == bytes, "\(bytes)")
        }
    }

    @Test func theTextOfAPathIsTheTextOfItsFolderAndName() {
        let folders: [[UInt8]] = [Array("/a".utf8), Array(#"/a\"#.utf8), [0x2F, 0xC3], [0x2F, 0xFF]]
        let names: [[UInt8]] = [Array("b.jpg".utf8), Array("x.jpg".utf8), [0xA9, 0x78], Array(#"\x"#.utf8)]
        for folder in folders {
            for name in names {
                #expect(PathText.encode(folder + [0x2F] + name) == PathText.encode(folder) + "/" + PathText.encode(name))
            }
        }
    }

    @Test func textTypedByAPersonDecodesLeniently() {
        #expect(PathText.decode(#"/a\xFF"#) == [0x2F, 0x61, 0xFF])
        #expect(PathText.decode(#"/a\xZZ"#) == Array(#"/a\xZZ"#.utf8))
        #expect(PathText.decode(#"/a\q"#) == Array(#"/a\q"#.utf8))
        #expect(PathText.decode(#"/a\x4"#) == Array(#"/a\x4"#.utf8))
    }

    /// A path's printable text escapes its control characters too (C1 ones as their two bytes),
    /// doubling a backslash before one, and is still the path's text.
    @Test func printableTextEscapesControlCharactersAndDecodesToThePath() {
        let table: [(bytes: [UInt8], printed: String)] = [
            (Array("/photos/a.jpg".utf8), "/photos/a.jpg"),
            (Array("/photos/new\nline\tand\u{1B}[31m.jpg".utf8), #"/photos/new\x0aline\x09and\x1b[31m.jpg"#),
            (Array("/photos/nel\u{85}del\u{7F}\u{A0}.jpg".utf8), "/photos/nel\\xc2\\x85del\\x7f\u{A0}.jpg"),
            (Array(#"/photos/back\"#.utf8) + [0x09], #"/photos/back\\\x09"#),
            (Array(#"/photos/a\x41"#.utf8) + [0xFF, 0x0A], #"/photos/a\\x41\xff\x0a"#),
        ]
        for (bytes, printed) in table {
            #expect(PathText.printable(PathText.encode(bytes)) == printed, "\(bytes)")
            #expect(PathText.decode(printed) == bytes, "\(printed)")
        }
        var generator = SeededGenerator(seed: 7)
        let alphabet: [UInt8] = [0x2F, 0x5C, 0x78, 0x61, 0x0A, 0x1B, 0x7F, 0xC2, 0x85, 0xA0, 0xFF, 0x30]
        for _ in 0..<5000 {
            let bytes = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let printed = PathText.printable(PathText.encode(bytes))
            #expect(PathText.decode(printed) == bytes, "\(bytes)")
            #expect(!printed.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(bytes)")
        }
    }
}
