import Foundation
import Testing
@testable import Shoebox

/// Which burst a photo is a frame of, and the frame a burst is shown as: the rules, by table.
@Suite struct BurstEvidenceTests {
    @Test(arguments: [
        // Google Camera, Nexus and Pixel phones: a timestamp names the burst.
        ("/p/00001IMG_00001_BURST20171111030039.jpg", "name:BURST20171111030039", false),
        ("/p/00015IMG_00015_BURST20171111030039_COVER.jpg", "name:BURST20171111030039", true),
        ("/p/00100lrPORTRAIT_00100_BURST20200418222652648_COVER.jpg", "name:BURST20200418222652648", true),
        // Sony's phones.
        ("/p/DSC_0000_BURST20230321152231242.JPG", "name:BURST20230321152231242", false),
        // Motorola, Fairphone, Honor: a shared name, then the frame's number.
        ("/p/IMG_20180914_094602055_BURST000_COVER.jpg", "name:IMG_20180914_094602055_BURST", true),
        ("/p/IMG_20180914_094602055_BURST002.jpg", "name:IMG_20180914_094602055_BURST", false),
        // Samsung: the second, then the frame's number.
        ("/p/20220701_093045_001.jpg", "name:20220701_093045", false),
    ] as [(String, String, Bool)])
    func aBurstsFramesShareAKeyByName(path: String, key: String, cover: Bool) {
        #expect(BurstEvidence.named(path) == BurstEvidence(key: key, isCover: cover))
    }

    @Test(arguments: ["/p/IMG_1234.JPG", "/p/20220701_093045.jpg", "/p/PXL_20231207_032111247.RAW-01.COVER.jpg",
                      "/p/_BURST001.jpg", "/p/20220701_093045_1.jpg", "/p/IMG_BURST.jpg"])
    func otherNamesAreNoBurst(path: String) {
        #expect(BurstEvidence.named(path) == nil)
    }

    /// An identifier in the file wins over the name: Apple's maker note, then Google's XMP.
    @Test func anIdentifierInTheFileWinsOverTheName() {
        let named = "/p/IMG_20180914_094602055_BURST000_COVER.jpg"
        #expect(BurstEvidence.of(path: named, appleBurstUUID: "3F2504E0", googleBurstID: "g-1", googleBurstPrimary: "1")
                == BurstEvidence(key: "apple:3F2504E0", isCover: false))
        #expect(BurstEvidence.of(path: named, appleBurstUUID: nil, googleBurstID: "g-1", googleBurstPrimary: "1")
                == BurstEvidence(key: "google:g-1", isCover: true))
        #expect(BurstEvidence.of(path: named, appleBurstUUID: " ", googleBurstID: nil, googleBurstPrimary: nil)
                == BurstEvidence.named(named))
        #expect(BurstEvidence.of(path: "/p/IMG_1.JPG", appleBurstUUID: nil, googleBurstID: nil, googleBurstPrimary: nil) == nil)
    }

    private static func frame(_ id: Int64, pick: Bool = false, cover: Bool = false, taken: String, path: String = "") -> BurstRepresentative.Frame {
        BurstRepresentative.Frame(id: id, isPick: pick, isCover: cover, sortTaken: taken, path: path.isEmpty ? "/p/\(id).jpg" : path)
    }

    @Test func theRepresentativeIsThePickThenTheCoverThenTheFirst() {
        let frames = [Self.frame(1, taken: "2024-01-01T10:00:01"), Self.frame(2, cover: true, taken: "2024-01-01T10:00:02"),
                      Self.frame(3, taken: "2024-01-01T10:00:00"), Self.frame(4, pick: true, taken: "2024-01-01T10:00:03")]
        #expect(BurstRepresentative.choose(frames) == 4)
        #expect(BurstRepresentative.choose(Array(frames.prefix(3))) == 2)
        #expect(BurstRepresentative.choose([frames[0], frames[2]]) == 3, "the first taken")
        #expect(BurstRepresentative.choose([Self.frame(5, taken: "t", path: "/p/b.jpg"), Self.frame(6, taken: "t", path: "/p/a.jpg")]) == 6,
                "the same second: the first by path")
        #expect(BurstRepresentative.choose([]) == nil)
    }
}
