/// The gallery's places page, as `shoebox places` lists them (`PlaceListing.tree`): each
/// country, largest first, a heading with its counts; under it its regions, each a heading
/// followed by its cities as tiles (cover, name, counts); cities named directly after their
/// country first. Every heading and tile links to that place's pages.
struct PlacesPage {
    /// The places tree, each with its cover asset's smallest thumbnail.
    let places: [(place: PlaceSummary, cover: ThumbnailRecord?)]
    let links: GalleryLinks

    var html: String {
        guard !places.isEmpty else {
            return GalleryHTML.page(title: "Places", body: "<p>No photo has a place yet: places are named from GPS positions.</p>\n")
        }
        var body = "<main class=\"places\">\n"
        var gridOpen = false
        func closeGrid() { if gridOpen { body += "</div>\n" }; gridOpen = false }
        for (place, cover) in places {
            switch place.level {
            case .country, .region:
                closeGrid()
                let tag = place.level == .country ? "h2" : "h3"
                body += "<\(tag)><a href=\"\(page(place))\">\(GalleryHTML.escape(place.name))</a></\(tag)>"
                    + "<p class=\"counts\">\(GalleryHTML.escape(AlbumsIndexPage.counts(place.counts)))</p>\n"
            case .city:
                if !gridOpen { body += "<div class=\"albums\">\n" }
                gridOpen = true
                body += tile(place, cover: cover)
            }
        }
        closeGrid()
        return GalleryHTML.page(title: "Places", body: body + "</main>\n")
    }

    private func page(_ place: PlaceSummary) -> String {
        links.placePage(PlaceScope(place), page: 1)
    }

    private func tile(_ place: PlaceSummary, cover: ThumbnailRecord?) -> String {
        let image = cover.map { "<img loading=\"lazy\" src=\"\(links.libraryFile($0.relativePath))\" alt=\"\">" } ?? ""
        return "<a class=\"album\" href=\"\(page(place))\">\(image)<span class=\"title\">\(GalleryHTML.escape(place.name))</span>"
            + "<span class=\"counts\">\(GalleryHTML.escape(AlbumsIndexPage.counts(place.counts)))</span></a>\n"
    }
}
