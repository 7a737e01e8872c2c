import Foundation
import Testing
@testable import Shoebox

/// The parts of a HEIF file `shoebox metadata` leaves unread: its coded pictures, never the
/// boxes or the EXIF item the metadata comes from.
@Suite struct HEIFPictureDataTests {
    @Test func theCodedPicturesAreLeftOutAndTheExifItemIsNot() throws {
        let path = Fixtures.sample("photo.heic").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let container = try #require(bytes.withUnsafeBytes { HEIFContainer.parse($0) })
        let exif = try #require(container.items.values.first { $0.type == "Exif" }?.extents.first)
        let pictures = container.items.values.filter { $0.type == "hvc1" }.flatMap(\.extents)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }

        let leftOut = HEIFPictureData.ranges(fd: fd, size: Int64(bytes.count))

        #expect(!pictures.isEmpty)
        #expect(pictures.allSatisfy { picture in leftOut.contains { $0.contains(Int64(picture.lowerBound)) && Int64(picture.upperBound) <= $0.upperBound } })
        #expect(!leftOut.contains { $0.overlaps(Int64(exif.lowerBound) ..< Int64(exif.upperBound)) })
    }
}
