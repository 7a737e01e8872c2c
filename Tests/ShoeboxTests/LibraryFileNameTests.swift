import Testing
@testable import Shoebox

/// The names Shoebox gives its files: the only files it ever removes from a library.
@Suite struct LibraryFileNameTests {
    static let hash = "ab" + String(repeating: "0", count: 30)

    @Test(arguments: [
        ("ab", "\(hash)-0123456789abcdef.jpg", true),
        ("ab", "\(hash)-0123456789abcdef.webp", true),
        ("ab", "\(hash)-0123456789abcdef.png", true),
        ("cd", "\(hash)-0123456789abcdef.jpg", false),          // not the shard its hash names
        ("ab", "\(hash)-0123456789abcdef.jpeg", false),         // not an extension Shoebox writes
        ("ab", "\(hash)-0123456789ABCDEF.jpg", false),          // upper case: not Shoebox's hex
        ("ab", "\(hash)-0123456789abcde.jpg", false),           // a recipe hash one digit short
        ("ab", "\(hash)0-0123456789abcdef.jpg", false),         // a content hash one digit long
        ("ab", "\(hash)-0123456789abcdef.jpg.txt", false),
        ("ab", "holiday.jpg", false),
        ("AB", "AB" + String(repeating: "0", count: 30) + "-0123456789abcdef.jpg", false),
        ("a", "a" + String(repeating: "0", count: 31) + "-0123456789abcdef.jpg", false),
    ])
    func derivativeNames(shard: String, name: String, isShoebox: Bool) {
        #expect(LibraryFileName.isDerivative(name, inShard: shard) == isShoebox)
    }

    @Test(arguments: [
        ("123-1.part", true),
        ("99999-123456.part", true),
        ("123-1.part.jpg", false),
        ("123.part", false),
        ("-1.part", false),
        ("abc-1.part", false),
        ("notes.txt", false),
        ("123-1.PART", false),
    ])
    func scratchNames(name: String, isShoebox: Bool) {
        #expect(LibraryFileName.isScratch(name) == isShoebox)
    }
}
