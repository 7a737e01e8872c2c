import Testing
@testable import Shoebox

/// The `shoebox-library` marker: what makes a folder a library, and its format.
@Suite struct LibraryMarkerTests {
    @Test func aMarkerReadsBackWhatItWrites() {
        #expect(LibraryMarker.parse(LibraryMarker(format: 1).contents) == LibraryMarker(format: 1))
        #expect(LibraryMarker.parse(LibraryMarker(format: 7).contents) == LibraryMarker(format: 7))
        #expect(LibraryMarker.parse("") == LibraryMarker(format: 1))   // a creation cut short
        #expect(LibraryMarker.parse("my notes\n") == nil)
        #expect(LibraryMarker.parse("Shoebox library\nformat: zero\n") == nil)
    }
}
