import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxGallery

/// `shoebox gallery`: the samples ingested, a gallery built, and its pages opened in headless
/// Chromium. Layout is checked as boxes and their relations, not as golden pixels.
@Suite(.serialized) struct GalleryTests {
    static let chromium = Comment(rawValue: Chromium.missing)

    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func theAspectRuleShowsInJustifiedRows() throws {
        let gallery = try SampleGallery()
        let page = try #require(try GalleryProbe.look(at: [(gallery.albumPage("samples"), false)]).first)
        #expect(page.title == "samples")
        let panorama = try page.tile("panorama.jpg"), tall = try page.tile("tall.jpg"), photo = try page.tile("photo.webp")
        #expect(panorama.w > 2 * panorama.h)
        #expect(panorama.w > photo.w && tall.w < photo.w)
        for row in page.rows {
            let heights = row.map(\.h)
            #expect(heights.max()! - heights.min()! < 1, "one height a row: \(row.map(\.name))")
        }
        for row in page.rows.dropLast() {
            let right = row.map { $0.x + $0.w }.max()!, left = row.map(\.x).min()!
            #expect(abs(right - left - page.grid) < 1.5, "a full row fills the grid: \(row.map(\.name))")
        }
        #expect(page.images.allSatisfy { $0 }, "every image loads; these did not: \(page.brokenImages)")
    }

    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func eachKindWearsItsBadge() throws {
        let gallery = try SampleGallery()
        let pages = try GalleryProbe.look(at: [(gallery.albumPage("gif"), false), (gallery.albumPage("live/by-name"), false),
                                                 (gallery.albumPage("video"), false), (gallery.albumPage("orientation"), false)])
        try #require(pages.count == 4)
        #expect(try pages[0].tile("animated.gif").badge == "GIF")
        #expect(try pages[0].tile("static.gif").badge == "")
        #expect(try pages[1].tile("IMG_0002.jpg").badge == "LIVE")
        #expect(try pages[2].tile("portrait.mp4").badge == "0:03")   // 2.534 s, rounded
        #expect(pages[3].tiles.allSatisfy { $0.badge == "" })
    }

    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func aClickOpensTheLightboxWithTheAssetsFacts() throws {
        let gallery = try SampleGallery()
        let page = try #require(try GalleryProbe.look(at: [(gallery.albumPage("orientation"), true)]).first)
        let lightbox = try #require(page.lightbox)
        #expect(lightbox.shown)
        let first = try #require(page.tiles.first)
        #expect(lightbox.facts.first == first.name)
        #expect(lightbox.facts.contains { $0.hasSuffix("(Exif DateTimeOriginal)") })
        #expect(lightbox.src.hasPrefix("img-") && lightbox.src.hasSuffix(".jpg"), "the preview, in the gallery: \(lightbox.src)")
    }

    /// Every kind of page, at a phone's width and a desktop's: nothing wider than the window,
    /// every image loaded.
    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func everyKindOfPageFitsAPhoneAndADesktop() throws {
        let gallery = try SampleGallery()
        let names = try FileManager.default.contentsOfDirectory(atPath: gallery.out.path)
        let pages = ["index.html", "places.html", "failures.html"]
            + ["album-", "moment-", "place-"].compactMap { prefix in names.sorted().first { $0.hasPrefix(prefix) } }
        #expect(pages.count == 6)
        for width in [390, 1000] {
            let looked = try GalleryProbe.look(at: pages.map { (gallery.page($0), false) }, width: width)
            try #require(looked.count == pages.count)
            for (name, page) in zip(pages, looked) {
                #expect(page.overflow == 0, "\(name) at \(width) px is \(page.overflow) px too wide")
                #expect(page.images.allSatisfy { $0 }, "\(name) at \(width) px: \(page.brokenImages)")
            }
        }
    }

    /// A grid on a desktop loads each asset's smallest rendition (its thumbnail), not its
    /// preview: All Photos' 40 tiles weigh what 200 would at under 3 MB.
    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func aGridLoadsThumbnailsNotPreviews() throws {
        let gallery = try SampleGallery()
        let url = gallery.page(GalleryFileName.albumPage(AlbumReference(.smart, "All Photos"), page: 1))
        let page = try #require(try GalleryProbe.look(at: [(url, false)]).first)
        try #require(page.tiles.count == 40)
        let larger = page.tiles.filter { $0.source != $0.smallest }.map(\.name)
        #expect(larger.isEmpty, "these loaded a larger rendition: \(larger)")
        let chosen = page.tiles.map { URL(string: $0.source)!.path }
        let bytes = try chosen.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int ?? 0) }
        #expect(bytes * 200 / 40 < 3_000_000, "\(bytes) bytes for 40 tiles")
    }

    /// At a phone's width the photo view shows the picture full width with the facts below,
    /// close, previous and next buttons, and a swipe moves; on a desktop the facts are beside.
    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func thePhotoViewWorksOnAPhone() throws {
        let gallery = try SampleGallery()
        let phone = try #require(try GalleryProbe.look(at: [(gallery.albumPage("orientation"), true)], width: 390).first?.lightbox)
        #expect(phone.shown && phone.picture.w >= 370, "the picture spans the width: \(phone.picture)")
        #expect(phone.list.y >= phone.picture.y + phone.picture.h - 1, "the facts come below the picture")
        #expect(phone.buttons == ["Previous", "Next", "Close"])
        let first = try #require(phone.facts.first)
        #expect(phone.afterNext != first && phone.afterSwipeBack == first, "next, then a swipe to the right goes back")
        let desktop = try #require(try GalleryProbe.look(at: [(gallery.albumPage("orientation"), true)]).first?.lightbox)
        #expect(desktop.list.x >= desktop.picture.x + desktop.picture.w - 1, "beside the picture on a desktop")
    }

    /// The photo view says when in words with the place's zone, names the place, and links
    /// a map at the position (the page fetches no map itself).
    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func thePhotoViewSaysWhenAndWhereWithAMapLink() throws {
        let gallery = try SampleGallery()
        var paris = PlaceSummary(level: .city, country: "France", countryCode: "FR", region: "Île-de-France", city: "Paris",
                                 counts: KindCounts(), coverAssetID: nil, coverSortKey: nil)
        paris.counts = KindCounts([.photo: 2])
        let url = gallery.page(GalleryFileName.placePage(PlaceScope(paris), page: 1))
        let lightbox = try #require(try GalleryProbe.look(at: [(url, true)]).first?.lightbox)
        #expect(lightbox.facts.contains("Monday 6 May 2024, 10:00 UTC+02:00 (Exif DateTimeOriginal)"), "\(lightbox.facts)")
        #expect(lightbox.facts.contains("Paris, Île-de-France, France · map"))
        let html = try String(contentsOf: url, encoding: .utf8)
        #expect(html.contains("data-m=\"https://www.openstreetmap.org/?mlat=48.85840&amp;mlon=2.29450#map=15/48.85840/2.29450\""))
        #expect(!html.contains("tile.openstreetmap") && !html.contains("<iframe"))
    }

    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func theAlbumsPageLinksEveryAlbumAndTheFailuresPageListsEveryFailure() throws {
        let gallery = try SampleGallery()
        let pages = try GalleryProbe.look(at: [(gallery.page("index.html"), false), (gallery.page("failures.html"), false),
                                               (gallery.page("places.html"), false)])
        try #require(pages.count == 3)
        let (index, failures, places) = (pages[0], pages[1], pages[2])
        #expect(places.images.count == 1 && places.images.allSatisfy { $0 }, "Paris's cover")
        for link in places.links where link.hasSuffix(".html") {
            #expect(FileManager.default.fileExists(atPath: gallery.out.appendingPathComponent(link).path), "\(link) exists")
        }
        #expect(index.images.count == 7 + 9 + 18 && index.images.allSatisfy { $0 }, "seven smart albums, nine others, eighteen moments")
        for link in index.links where link.hasSuffix(".html") {
            #expect(FileManager.default.fileExists(atPath: gallery.out.appendingPathComponent(link).path), "\(link) exists")
        }
        #expect(index.text.contains("live/decoy\n2 photos, 2 videos"))
        #expect(failures.text.contains("Damaged files (1)") && failures.text.contains("Not a format Shoebox reads (1)"))
        #expect(failures.text.contains("samples/broken/truncated.jpg\tThe file ends early: it was probably copied incompletely."))
        #expect(failures.text.contains("samples/broken/not-an-image.jpg\tNot a format Shoebox reads"))
        #expect(failures.text.contains("What the library said") && !failures.text.contains(Fixtures.samples.path),
                "short paths; the library's message folded away")
    }

    @Test func aSecondBuildAfterNoChangeWritesNothing() throws {
        let gallery = try SampleGallery()
        let again = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", gallery.out.path])
        #expect(again.status == 0)
        #expect(again.output.hasSuffix("0 files written, 42 unchanged, 0 removed\n"))
    }

    /// The front page opens on the moments, newest first under their year and month; each
    /// links to its page, which shows its assets under its title and days.
    @Test func theFrontPageOpensOnTheTimeline() throws {
        let gallery = try SampleGallery()
        let index = try String(contentsOf: gallery.page("index.html"), encoding: .utf8)
        let headings = index.components(separatedBy: "<h").filter { $0.first?.isNumber == true }.map { $0.prefix { $0 != "<" } }
        #expect(headings.first == "1>Photos")
        #expect(headings.dropFirst(3) == ["2>2024", "3>July 2024", "3>June 2024", "3>May 2024", "2>Albums"],
                "after the year and month of the files with no capture time: the day they were added")
        let moments = try ShoeboxBinary.run(["moments", "--library", gallery.library.path]).output
        let paris = try #require(moments.split(separator: "\n").first { $0.hasSuffix("\tParis, France") })
        let page = GalleryFileName.momentPage(try #require(Int64(paris.prefix { $0 != "\t" })), page: 1)
        #expect(index.contains("<a class=\"album moment\" href=\"\(page)\">"))
        #expect(index.contains("<span class=\"title\">Paris, France</span><span class=\"counts\">Monday 6 May 2024 · 2 photos</span>"))
        #expect(index.contains("<span class=\"title\">Tuesday 7 May 2024</span><span class=\"counts\">1 photo</span>"),
                "a day's title is not said twice")
        let html = try String(contentsOf: gallery.page(page), encoding: .utf8)
        #expect(html.contains("<h1>Paris, France</h1>") && html.contains("<p class=\"counts\">Monday 6 May 2024 · 2 photos</p>"))
        #expect(html.components(separatedBy: "class=\"t photo\"").count - 1 == 2)
    }

    /// The smart albums that hold anything come first among the albums, in PhotoKit's order,
    /// then the folder albums, largest first; each has its pages.
    @Test func theSmartAlbumsThatHoldAnythingComeFirst() throws {
        let gallery = try SampleGallery()
        let index = try String(contentsOf: gallery.page("index.html"), encoding: .utf8)
        let albums = try #require(index.components(separatedBy: "<h2>Albums</h2>").last)
        let titles = albums.components(separatedBy: "<span class=\"title\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(titles.prefix(8) == ["All Photos", "Videos", "Live Photos", "Animated", "Panoramas", "Screenshots",
                                     "Recently Added", "formats"])
        let page = gallery.page(GalleryFileName.albumPage(AlbumReference(.smart, "Panoramas"), page: 1))
        let panoramas = try String(contentsOf: page, encoding: .utf8)
        #expect(panoramas.contains("<h1>Panoramas</h1>") && panoramas.components(separatedBy: "alt=\"panorama.jpg\"").count == 2)
    }

    /// Places as `shoebox places` lists them: the country, its region, its city, each linking
    /// to a page of exactly its assets; every page links the places page.
    @Test func thePlacesPageListsCountriesRegionsAndCities() throws {
        let gallery = try SampleGallery()
        let places = try String(contentsOf: gallery.page("places.html"), encoding: .utf8)
        let france = PlaceSummary(level: .country, country: "France", countryCode: "FR", region: nil, city: nil,
                                  counts: KindCounts([.photo: 2]), coverAssetID: nil, coverSortKey: nil)
        var paris = france
        (paris.level, paris.region, paris.city) = (.city, "Île-de-France", "Paris")
        #expect(places.contains("<h2><a href=\"\(GalleryFileName.placePage(PlaceScope(france), page: 1))\">France</a></h2>"))
        #expect(places.contains("<h3><a href=\"place-") && places.contains(">Île-de-France</a></h3>"))
        #expect(places.contains("<span class=\"title\">Paris</span><span class=\"counts\">2 photos</span>"))
        let city = try String(contentsOf: gallery.page(GalleryFileName.placePage(PlaceScope(paris), page: 1)), encoding: .utf8)
        #expect(city.contains("<h1>Paris, Île-de-France, France</h1>") && city.components(separatedBy: "class=\"t photo\"").count == 3)
        #expect(city.contains("<a href=\"places.html\">Places</a>"))
    }

    @Test func aFolderThatIsNotAGalleryIsNeverWrittenInto() throws {
        let gallery = try SampleGallery()
        let theirs = gallery.folder.url.appendingPathComponent("theirs")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: theirs.appendingPathComponent("index.html"))
        let run = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", theirs.path])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("Error: \(theirs.path) is not empty and is not a gallery Shoebox made"))
        #expect(try String(contentsOf: theirs.appendingPathComponent("index.html"), encoding: .utf8) == "mine")
    }

    @Test func onlyTheGallerysOwnStalePagesAreRemoved() throws {
        let gallery = try SampleGallery()
        let stale = gallery.out.appendingPathComponent("album-0123456789abcdef-1.html")
        let notes = gallery.out.appendingPathComponent("notes.txt")
        try Data("old".utf8).write(to: stale)
        try Data("mine".utf8).write(to: notes)
        let run = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", gallery.out.path])
        #expect(run.output.hasSuffix("0 files written, 42 unchanged, 1 removed\n"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: notes.path))
    }

    @Test func titlesAndPathsAreEscaped() {
        #expect(GalleryHTML.escape("<script>alert('x')</script> & \"y\"")
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;")
    }

    /// A page names each file by its name in the gallery: a library file by a hash of its
    /// library path, an original by its content hash, each with its extension (lowercased,
    /// else `bin`); what the page asked for is what the builder then puts in.
    @Test func pagesNameEveryFileByItsNameInTheGallery() {
        let links = GalleryLinks()
        let thumb = links.libraryFile("thumbs/01/0123-906eed66fa59cb4f.jpg")
        #expect(thumb.hasPrefix("img-") && thumb.hasSuffix(".jpg") && thumb.count == 4 + 16 + 4)
        #expect(links.libraryFile("thumbs/01/0123-906eed66fa59cb4f.jpg") == thumb, "the same file, the same name")
        var asset = Self.record("/photos/été 2024/#1?.GIF")
        asset.contentHash = "0123456789ABCDEF0123456789ABCDEF"
        #expect(links.original(of: asset) == "orig-0123456789abcdef0123456789abcdef.gif")
        asset.path = "/photos/odd.tar gz"
        #expect(links.original(of: asset) == "orig-0123456789abcdef0123456789abcdef.bin")
        #expect(links.takeWanted() == [thumb: .library("thumbs/01/0123-906eed66fa59cb4f.jpg"),
                                       "orig-0123456789abcdef0123456789abcdef.gif": .original("/photos/été 2024/#1?.GIF"),
                                       "orig-0123456789abcdef0123456789abcdef.bin": .original("/photos/odd.tar gz")])
        #expect(links.takeWanted().isEmpty)
    }

    @Test func linksEncodeEveryCharacterAURLPathCannotHold() {
        #expect(GalleryLinks.encode("/photos/été 2024/#1?.jpg") == "/photos/%C3%A9t%C3%A9%202024/%231%3F.jpg")
    }

    @Test(arguments: [("album-0123456789abcdef-12.html", true), ("album-0123456789abcdef-0.html", false),
                      ("album-0123456789ABCDEF-1.html", false), ("index.html", true), ("notes.html", false),
                      ("album-0123456789abcdef-1.htm", false), ("shoebox-gallery", false), ("moment-42-1.html", true),
                      ("moment-042-1.html", false), ("moment-x-1.html", false), ("moment-42-0.html", false),
                      ("places.html", true), ("place-0123456789abcdef-3.html", true), ("place-0123456789abcdef.html", false),
                      ("img-0123456789abcdef.jpg", true), ("img-0123456789abcdef.webp", true), ("img-0123456789ABCDEF.jpg", false),
                      ("img-0123.jpg", false), ("img-0123456789abcdef.JPG", false), ("img-0123456789abcdef", false),
                      ("orig-0123456789abcdef0123456789abcdef.heic", true), ("orig-0123456789abcdef0123456789abcdef.bin", true),
                      ("orig-0123456789abcdef0123456789abcdef.tar.gz", false), ("orig-notes.txt", false),
                      ("album-2024-holiday-1.html", true), ("smart-all-photos-12.html", true), ("user-trip-3.html", true),
                      ("album--1.html", false), ("album-Trip-1.html", false), ("notes-1.html", false), ("user-trip.html", false)])
    func onlyShoeboxsOwnNamesAreEverRemoved(name: String, ours: Bool) {
        #expect(GalleryFileName.isOurs(name) == ours)
    }
}

/// The samples ingested into a temporary library, and a gallery of it built by the binary.
struct SampleGallery {
    let folder: TemporaryFolder
    let library: URL
    let out: URL

    init() throws {
        folder = try TemporaryFolder()
        library = folder.url.appendingPathComponent("library")
        out = folder.url.appendingPathComponent("gallery")
        // Status 1: the samples' broken files fail, as they should; nothing else may.
        let ingest = try ShoeboxBinary.run(["ingest", Fixtures.samples.path, "--library", library.path])
        try #require(ingest.status == 1 && !ingest.errors.contains("timeout") && !ingest.errors.contains("crashed"),
                     "ingest: \(ingest.errors)")
        let run = try ShoeboxBinary.run(["gallery", "--library", library.path, "--out", out.path])
        try #require(run.status == 0, "gallery: \(run.errors)")
    }

    func page(_ name: String) -> URL { out.appendingPathComponent(name) }

    func albumPage(_ title: String) -> URL {
        page(GalleryFileName.albumPage(.folder(title), page: 1))
    }
}

extension GalleryTests {
    /// A full page of the default size stays under 200 KB, with real-length paths, a camera,
    /// a place and a capture date on every asset.
    @Test func aFullAlbumPageStaysUnder200KB() {
        var metadata = PhotoMetadata()
        (metadata.make, metadata.model) = ("Apple", "iPhone 15 Pro Max")
        (metadata.takenAt, metadata.takenAtSource) = ("2024-05-06T10:00:00.123+02:00", .exifDateTimeOriginal)
        metadata.location = GPSLocation(latitude: 48.858_37, longitude: 2.294_48)
        let assets = (0..<GalleryBuilder.defaultPageSize).map { index in
            let hash = String(repeating: "0123456789abcdef", count: 2)
            return AssetRecord(
                id: Int64(index), path: "/home/someone/Pictures/Family/2024/2024-05 Paris holiday/IMG_\(10_000 + index).HEIC",
                root: "/home/someone/Pictures", kind: .photo, format: .heic, contentHash: hash, fileSize: 3_000_000,
                modifiedNanoseconds: 0, width: 4032, height: 3024, metadata: metadata, status: .ok, errorClass: nil,
                errorMessage: nil, missing: false, addedAt: "2024-05-07T00:00:00Z",
                thumbnails: [ThumbnailRecord(name: "thumb", recipe: "906eed66fa59cb4f", width: 256, height: 192,
                                             relativePath: "thumbs/01/\(hash)-906eed66fa59cb4f.jpg"),
                             ThumbnailRecord(name: "preview", recipe: "b976ff0d1623c993", width: 1024, height: 768,
                                             relativePath: "thumbs/01/\(hash)-b976ff0d1623c993.jpg")])
        }
        let summary = AlbumSummary(album: .folder("Family/2024/2024-05 Paris holiday"), counts: KindCounts([.photo: 100_000]),
                                   coverAssetID: 0, coverIsExplicit: false, covers: [])
        let page = AlbumPage(summary: summary, assets: assets, page: 17, pages: 334,
                             links: GalleryLinks())
        #expect(assets.count == 200)
        #expect(page.html.utf8.count < 200_000, "\(page.html.utf8.count) bytes")
    }
}

extension GalleryTests {
    static func record(_ path: String, kind: AssetKind = .photo, subtypes: Set<AssetSubtype> = []) -> AssetRecord {
        var asset = AssetRecord(id: 1, path: path, root: "/photos", kind: kind, format: .jpeg, contentHash: nil, fileSize: 1,
                                modifiedNanoseconds: 0, width: 4, height: 3, metadata: PhotoMetadata(), status: .ok,
                                errorClass: nil, errorMessage: nil, missing: false, addedAt: "2024-01-01T00:00:00Z", thumbnails: [])
        asset.subtypes = subtypes
        return asset
    }

    @Test(arguments: [
        ("/photos/DSC_0001.NEF", Set<AssetSubtype>([.raw]), "RAW"),
        ("/photos/IMG_E1234.JPG", Set<AssetSubtype>(), "EDITED"),
        ("/photos/IMG_1234.JPG", Set<AssetSubtype>(), nil),
        ("/photos/anim.webp", Set<AssetSubtype>([.animated]), "ANIM"),
    ] as [(String, Set<AssetSubtype>, String?)])
    func rawAndEditedAssetsWearTheirBadges(path: String, subtypes: Set<AssetSubtype>, badge: String?) {
        #expect(AssetTile(asset: Self.record(path, subtypes: subtypes), links: GalleryLinks()).badge == badge)
    }
}

extension GalleryTests {
    func tile(_ place: Place?) -> String {
        var metadata = PhotoMetadata()
        metadata.location = GPSLocation(latitude: 48.858_37, longitude: 2.294_48)
        var asset = AssetRecord(id: 1, path: "/p/eiffel.jpg", root: "/p", kind: .photo, format: .jpeg, contentHash: nil, fileSize: 1,
                                modifiedNanoseconds: 0, width: 30, height: 20, metadata: metadata, status: .ok, errorClass: nil,
                                errorMessage: nil, missing: false, addedAt: "2024-05-07T00:00:00Z",
                                thumbnails: [ThumbnailRecord(name: "thumb", recipe: "r", width: 30, height: 20, relativePath: "thumbs/a.jpg")])
        asset.place = place
        return AssetTile(asset: asset, links: GalleryLinks()).html
    }

    /// The photo view names the place; the position is shown only where no place is near.
    @Test func thePhotoViewNamesThePlaceInsteadOfItsCoordinates() {
        let paris = Place(city: "Paris", region: "Île-de-France", country: "France", countryCode: "FR", timeZone: "Europe/Paris")
        #expect(tile(paris).contains(" data-p=\"Paris, Île-de-France, France\""))
        #expect(tile(nil).contains(" data-p=\"48.85837, 2.29448\""))
    }

    @Test func everyPageCreditsGeoNames() {
        #expect(GalleryHTML.page(title: "t", body: "").contains("<footer>Place names: <a href=\"https://www.geonames.org\">GeoNames</a>, CC BY 4.0</footer>"))
    }
}
