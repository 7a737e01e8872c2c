import Foundation
import Testing
@testable import Shoebox

/// Google Takeout's names for the JSON beside each photo, with their quirks, as a table:
/// which JSON a media file finds among the files beside it, and which media file a JSON names.
@Suite struct TakeoutJSONNameTests {
    /// 46 characters: `names(forMediaNamed:)` cuts what comes before `.json` (and before a
    /// duplicate's counter) there, so that the whole name is at most 51.
    static let long = "PXL_20230615_183045123.PORTRAIT.ORIGINAL_edited.jpg"   // 51 characters

    @Test(arguments: [
        // The plain name, and the name of exports since 2024; the newer one first when both are there.
        ("IMG_1.jpg", ["IMG_1.jpg.json"], "IMG_1.jpg.json"),
        ("IMG_1.jpg", ["IMG_1.jpg.supplemental-metadata.json"], "IMG_1.jpg.supplemental-metadata.json"),
        ("IMG_1.jpg", ["IMG_1.jpg.json", "IMG_1.jpg.supplemental-metadata.json"], "IMG_1.jpg.supplemental-metadata.json"),
        // A duplicate in an album: the counter moves after the extension.
        ("IMG_1(1).jpg", ["IMG_1.jpg.json", "IMG_1.jpg(1).json"], "IMG_1.jpg(1).json"),
        ("IMG_1(2).jpg", ["IMG_1.jpg.supplemental-metadata(2).json"], "IMG_1.jpg.supplemental-metadata(2).json"),
        // ...and a name that merely ends in brackets keeps its own JSON.
        ("IMG_1(1).jpg", ["IMG_1(1).jpg.json"], "IMG_1(1).jpg.json"),
        // The supplemental suffix cut to fit 46 characters before `.json`.
        ("PXL_20230615_183045123.MP.jpg", ["PXL_20230615_183045123.MP.jpg.supplemental-met.json"],
         "PXL_20230615_183045123.MP.jpg.supplemental-met.json"),
        ("PXL_20230615_183045123.NIGHT.jpg", ["PXL_20230615_183045123.NIGHT.jpg.supplemental-.json"],
         "PXL_20230615_183045123.NIGHT.jpg.supplemental-.json"),
        // The media name itself cut at 46 characters.
        (long, ["PXL_20230615_183045123.PORTRAIT.ORIGINAL_edite.json"], "PXL_20230615_183045123.PORTRAIT.ORIGINAL_edite.json"),
        // ...and the counter after the cut.
        ("PXL_20230615_183045123.PORTRAIT.ORIGINAL(1).jpg", ["PXL_20230615_183045123.PORTRAIT.ORIGINAL.jpg.s(1).json"],
         "PXL_20230615_183045123.PORTRAIT.ORIGINAL.jpg.s(1).json"),
        // Nothing of its name beside it.
        ("IMG_2.jpg", ["IMG_1.jpg.json", "IMG_2.json"], nil),
    ] as [(String, [String], String?)])
    func theJSONAMediaFileFinds(media: String, beside: [String], expected: String?) {
        let found = TakeoutJSON.path(of: "/t/" + media, exists: beside.map { "/t/" + $0 }.contains)
        #expect(found == expected.map { "/t/" + $0 })
    }

    @Test(arguments: [
        ("IMG_1.jpg.json", "IMG_1.jpg"),
        ("IMG_1.jpg.supplemental-metadata.json", "IMG_1.jpg"),
        ("IMG_1.jpg.supplemental-me.json", "IMG_1.jpg"),
        ("PXL_20230615_183045123.NIGHT.jpg.supplemental-.json", "PXL_20230615_183045123.NIGHT.jpg"),
        ("IMG_1.jpg(1).json", "IMG_1(1).jpg"),
        ("IMG_1.jpg.supplemental-metadata(3).json", "IMG_1(3).jpg"),
        ("IMG_1.JSON", "IMG_1"),
        ("IMG_1.xmp", nil),
    ] as [(String, String?)])
    func theMediaFileAJSONNames(json: String, expected: String?) {
        #expect(TakeoutJSON.mediaName(forJSONNamed: json) == expected)
    }

    @Test func theCutIsAt46CharactersBeforeDotJSON() {
        #expect(TakeoutJSON.names(forMediaNamed: Self.long).allSatisfy { $0.count <= 51 })
        #expect(TakeoutJSON.names(forMediaNamed: Self.long).first == "PXL_20230615_183045123.PORTRAIT.ORIGINAL_edite.json")
    }
}
