import Foundation
import Testing
@testable import Shoebox

/// The plan stage's view of which sidecars are beside a file: one listing per folder, with
/// the answers `lstat` would give for the names sidecars have.
@Suite struct SidecarListingTests {
    @Test func sidecarNamesAreFoundAsTheFileSystemWouldFindThem() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.subfolder("photos")
        for name in ["IMG_1.jpg", "IMG_1.jpg.xmp", "IMG_2.JPG.JSON", "notes.txt"] {
            try Data("x".utf8).write(to: photos.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: photos.appendingPathComponent("folder.xmp"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: photos.appendingPathComponent("link.xmp").path,
                                                   withDestinationPath: photos.appendingPathComponent("IMG_1.jpg.xmp").path)
        let listing = SidecarListing()
        let names = ["IMG_1.jpg.xmp", "IMG_1.jpg.XMP", "IMG_1.xmp", "IMG_2.JPG.JSON", "folder.xmp", "link.xmp", "gone.json"]
        for name in names {
            let path = photos.appendingPathComponent(name).path
            #expect(listing.exists(path) == (SourceFile.status(ofPath: path) != nil), "\(name)")
        }
        #expect(names.filter { listing.exists(photos.appendingPathComponent($0).path) } == ["IMG_1.jpg.xmp", "IMG_2.JPG.JSON"])
    }

    @Test func aFolderThatCannotBeReadIsAskedFileByFile() {
        #expect(SidecarListing().exists("/no/such/folder/IMG_1.jpg.xmp") == false)
    }
}
