import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxGallery

/// Album and place pages are named by their titles, readably, the same from build to build.
@Suite struct GalleryPageNamesTests {
    @Test(arguments: [
        ("2024/Holiday", "2024-holiday"), ("Été à Sète", "ete-a-sete"), ("Фото", "foto"), ("  --  ", "untitled"),
        ("Family/2024/2024-05 Paris holiday", "family-2024-2024-05-paris-holiday"), ("東京", "dong-jing"),
        (String(repeating: "long title ", count: 10), "long-title-long-title-long-title-long-title-long"),
    ])
    func aTitleBecomesReadableASCII(title: String, slug: String) {
        #expect(GalleryFileName.slug(title) == slug)
    }

    @Test func eachKindOfAlbumHasItsPrefix() {
        #expect(GalleryFileName.albumPage(.folder("2024/Holiday"), page: 1) == "album-2024-holiday-1.html")
        #expect(GalleryFileName.albumPage(SmartAlbum.allPhotos.reference, page: 2) == "smart-all-photos-2.html")
        #expect(GalleryFileName.albumPage(.user("Trip"), page: 1) == "user-trip-1.html")
        let paris = PlaceScope(PlaceSummary(level: .city, country: "France", countryCode: "FR", region: "Île-de-France", city: "Paris",
                                            counts: KindCounts([.photo: 1]), coverAssetID: nil, coverSortKey: nil))
        #expect(GalleryFileName.placePage(paris, page: 1) == "place-paris-ile-de-france-fr-1.html")
    }

    /// Two titles that read alike each take six hex digits of their own key; one alone does not.
    @Test func titlesThatReadAlikeEachTakeAShortHash() {
        let alike: [AlbumReference] = [.folder("2024/Holiday"), .folder("2024 holiday")]
        let names = GalleryPageNames(albums: alike + [.folder("Trip"), .user("Trip")])
        let pages = alike.map { names.album($0, page: 1) }
        #expect(Set(pages).count == 2)
        #expect(pages.allSatisfy { $0.hasPrefix("album-2024-holiday-") && $0.count == "album-2024-holiday-123456-1.html".count })
        #expect(pages.allSatisfy(GalleryFileName.isOurs))
        #expect(names.album(.folder("Trip"), page: 1) == "album-trip-1.html")
        #expect(names.album(.user("Trip"), page: 1) == "user-trip-1.html")
        #expect(GalleryPageNames(albums: alike.reversed()).album(alike[0], page: 1) == pages[0], "the order given does not matter")
    }
}
