import Foundation
import Testing
@testable import Shoebox

/// The smart albums of the whole shared corpus, as `shoebox albums` lists them: every photo
/// that decodes is in All Photos; RAW holds the two RAW files LibRaw develops (the other
/// brands' cut-down files fail, and are listed as failures, not as RAW); Panoramas the ten
/// images wider than 1.8 to 1 (the default pipeline's panorama line); the corpus has no video, no favorite
/// (its only rating is a 3), no front-camera lens and no screenshot.
@Suite struct CorpusSmartAlbumsTests {
    let cli = CommandLineTests()

    @Test(.enabled(if: Fixtures.sharedCorpus != nil, Comment(rawValue: Fixtures.sharedCorpusMissing)))
    func theCorpusSmartAlbumsHoldWhatTheirRulesAdmit() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library").path
        _ = try cli.shoebox("ingest", try #require(Fixtures.sharedCorpus).path, "--library", library)
        let smart = try cli.shoebox("albums", "--library", library).output.split(separator: "\n")
            .filter { $0.contains("\tsmart\t") }.map { $0.split(separator: "\t").prefix(4).joined(separator: " ") }
        #expect(smart == [
            "166 smart All Photos photo 166", "0 smart Favorites empty", "0 smart Videos empty", "0 smart Live Photos empty",
            "0 smart Selfies empty", "0 smart Portrait empty", "0 smart Animated empty", "2 smart RAW photo 2", "10 smart Panoramas photo 10",
            "0 smart Screenshots empty", "0 smart Screen Recordings empty", "0 smart Slo-mo empty", "0 smart Time-lapse empty", "0 smart Bursts empty",
            "166 smart Recently Added photo 166", "0 smart Hidden empty",
        ])
        func names(_ album: String) throws -> [String] {
            try cli.shoebox("list", "--album", album, "--library", library).output.split(separator: "\n")
                .map { String($0.split(separator: "/").last!) }.sorted()
        }
        #expect(try names("RAW") == ["CanonRaw.cr3", "DNG.dng"])
        #expect(try names("Panoramas") == ["Arbitro.tiff", "BSG1.tiff", "Crémieux11.tiff", "HMD_Nokia_8.3_5G.jpg", "Jobagent.tiff",
                                           "Rudless.tiff", "image00971.jpg", "image01088.jpg", "image01980.jpg",
                                           "67-0_length_string.jpg"].sorted())
    }
}
