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
        #expect(SmartAlbum(title: "Selfies") == nil)
        #expect(SmartAlbum.allCases.map(\.reference.kind).allSatisfy { $0 == .smart })
    }
}
