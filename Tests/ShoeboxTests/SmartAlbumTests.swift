import Foundation
import Testing
@testable import ShoeboxModel

/// The rules of the smart albums, in Swift (`SmartAlbumMembership.admits`, `FavoriteRule`);
/// the catalog's queries are held to them by `SmartAlbumContractTests`.
@Suite struct SmartAlbumTests {
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    func facts(_ kind: AssetKind = .photo, _ subtypes: Set<AssetSubtype> = [], mark: Bool? = nil, rating: Int? = nil,
               addedDaysAgo: Double = 100) -> SmartAlbumMembership.Facts {
        .init(kind: kind, subtypes: subtypes, favoriteMark: mark, rating: rating, addedAt: Self.now.addingTimeInterval(-addedDaysAgo * 86_400))
    }

    @Test(arguments: [
        (nil, nil, false), (nil, 4, false), (nil, 5, true), (nil, -1, false),
        (true, nil, true), (true, -1, true), (false, 5, false),
    ] as [(Bool?, Int?, Bool)])
    func aMarkWinsOverTheRating(mark: Bool?, rating: Int?, favorite: Bool) {
        #expect(FavoriteRule.isFavorite(mark: mark, rating: rating) == favorite)
    }

    @Test func recentlyAddedMeansTheLast30Days() {
        let recent = SmartAlbum.recentlyAdded.membership
        #expect(recent.admits(facts(addedDaysAgo: 0), now: Self.now))
        #expect(recent.admits(facts(addedDaysAgo: 29.9), now: Self.now))
        #expect(recent.admits(facts(addedDaysAgo: 30), now: Self.now), "the first moment of the 30 days counts")
        #expect(!recent.admits(facts(addedDaysAgo: 30.1), now: Self.now))
    }

    @Test func aStillGIFIsNotAnimatedAndAnAnimatedWebPIs() {
        #expect(!SmartAlbum.animated.membership.admits(facts(.gif), now: Self.now))
        #expect(SmartAlbum.animated.membership.admits(facts(.photo, [.animated]), now: Self.now))
        #expect(SmartAlbum.animated.membership.admits(facts(.gif, [.animated]), now: Self.now))
    }

    @Test func titlesAreFoundWhateverTheirCase() {
        #expect(SmartAlbum(title: "slo-mo") == .sloMo)
        #expect(SmartAlbum(title: "ALL PHOTOS") == .allPhotos)
        #expect(SmartAlbum(title: "Selfies") == .selfies)
        #expect(SmartAlbum(title: "bursts") == .bursts)
        #expect(SmartAlbum(title: "Long Exposure") == nil)
        #expect(SmartAlbum.allCases.map(\.reference.kind).allSatisfy { $0 == .smart })
    }

    @Test(arguments: [
        ("iPhone 13 Pro front TrueDepth camera 2.71mm f/2.2", true), ("Pixel 8 Pro front camera 2.74mm f/2.2", true),
        ("iPhone 13 Pro back triple camera 5.7mm f/1.5", false), (nil, false),
    ] as [(String?, Bool)])
    func aSelfieIsTakenWithTheFrontCamera(lens: String?, selfie: Bool) {
        #expect(CaptureEvidence.isFrontCamera(lensModel: lens) == selfie)
    }

    @Test(arguments: [
        ("RPReplay_Final1692022000.MP4", AssetKind.video, true), ("Screen Recording 2023-05-01 at 10.00.00.mov", .video, true),
        ("Screen_Recording_20230101-120000.mp4", .video, true), ("screen-20230101-120000.mp4", .video, true),
        ("IMG_0001.MOV", .video, false), ("Screen Recording 2023-05-01.png", .photo, false),
    ])
    func aScreenRecordingIsAVideoNamedByItsRecorder(name: String, kind: AssetKind, recording: Bool) {
        #expect(CaptureEvidence.isScreenRecording(fileName: name, kind: kind) == recording)
    }
}
