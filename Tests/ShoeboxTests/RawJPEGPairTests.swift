import Foundation
import Testing
@testable import Shoebox

/// A camera that saves RAW+JPEG writes `DSC_0001.DNG` (or `.NEF`, `.CR2`...) beside
/// `DSC_0001.JPG`: one picture, so one asset, shown as the JPEG, with the RAW as its
/// `alternatePhoto` (PhotoKit's name), whichever file arrives first.
@Suite struct RawJPEGPairTests {
    static let jpeg = Fixtures.sample("orientation/landscape_1.jpg")
    static let raw = RawIngestTests.fixture("preview.dng")

    func resources(_ library: TestLibrary) throws -> [String] {
        let assets = try library.assets()
        try #require(assets.count == 1, "one asset, not \(assets.map(\.path))")
        return try library.catalog.resources(ofAsset: assets[0].id).map {
            "\($0.type.rawValue) \(URL(fileURLWithPath: $0.path).lastPathComponent)"
        }
    }

    @Test func aRAWBesideItsJPEGIsOneAssetShownAsTheJPEG() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("card")
        try FileManager.default.copyItem(at: Self.jpeg, to: root.appendingPathComponent("DSC_0001.JPG"))
        try FileManager.default.copyItem(at: Self.raw, to: root.appendingPathComponent("DSC_0001.DNG"))
        try library.ingest([root])
        let shown = try #require(try library.assets().first)
        #expect(URL(fileURLWithPath: shown.path).lastPathComponent == "DSC_0001.JPG")
        #expect(shown.kind == .photo && shown.format == .jpeg)
        #expect(try resources(library) == ["photo DSC_0001.JPG", "alternatePhoto DSC_0001.DNG"])
    }

    @Test(arguments: [["DSC_0001.DNG", "DSC_0001.JPG"], ["DSC_0001.JPG", "DSC_0001.DNG"]])
    func thePairDoesNotDependOnWhichFileArrivesFirst(order: [String]) throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("card")
        for name in order {
            try FileManager.default.copyItem(at: name.hasSuffix(".DNG") ? Self.raw : Self.jpeg, to: root.appendingPathComponent(name))
            try library.ingest([root])
        }
        #expect(try resources(library) == ["photo DSC_0001.JPG", "alternatePhoto DSC_0001.DNG"])
    }

    @Test func aRAWAloneIsItsOwnAsset() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("card")
        try FileManager.default.copyItem(at: Self.raw, to: root.appendingPathComponent("DSC_0002.DNG"))
        try FileManager.default.copyItem(at: Self.jpeg, to: root.appendingPathComponent("DSC_0003.JPG"))
        try library.ingest([root])
        #expect(try library.assets().map { URL(fileURLWithPath: $0.path).lastPathComponent }.sorted() == ["DSC_0002.DNG", "DSC_0003.JPG"])
    }
}
