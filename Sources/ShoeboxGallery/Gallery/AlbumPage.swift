/// One page of an album or a moment: its assets as justified rows (`AssetTile`), and links
/// to its other pages when it has more than one.
struct AlbumPage {
    let title: String
    let counts: KindCounts
    /// The file name of its page `n`.
    let pageName: (Int) -> String
    let assets: [AssetRecord]
    /// This page's number, from 1, and how many the album has.
    let page: Int
    let pages: Int
    let links: GalleryLinks
    /// Each Live Photo's or video's web rendition, by asset id (a file of the gallery).
    var plays: [Int64: String] = [:]

    init(summary: AlbumSummary, assets: [AssetRecord], page: Int, pages: Int, links: GalleryLinks, plays: [Int64: String] = [:]) {
        (title, counts, pageName) = (summary.album.title, summary.counts, { [links] in links.albumPage(summary.album, page: $0) })
        (self.assets, self.page, self.pages, self.links, self.plays) = (assets, page, pages, links, plays)
    }

    /// A place's page: titled as `shoebox places` titles it ("Paris, Île-de-France, France").
    init(place: PlaceSummary, assets: [AssetRecord], page: Int, pages: Int, links: GalleryLinks, plays: [Int64: String] = [:]) {
        (title, counts, pageName) = (place.title, place.counts, { [links] in links.placePage(PlaceScope(place), page: $0) })
        (self.assets, self.page, self.pages, self.links, self.plays) = (assets, page, pages, links, plays)
    }

    /// A moment's page: titled by its place or day, its dates under the title.
    init(moment: Moment, assets: [AssetRecord], page: Int, pages: Int, links: GalleryLinks, plays: [Int64: String] = [:]) {
        title = moment.title
        counts = moment.counts
        pageName = { GalleryFileName.momentPage(moment.id, page: $0) }
        (self.assets, self.page, self.pages, self.links, self.plays) = (assets, page, pages, links, plays)
        line = TimelineSection.datesAndCounts(moment)
    }

    /// What the page says under its title: its counts, and a moment's days before them.
    private var line: String?

    var html: String {
        var body = "<p class=\"counts\">\(GalleryHTML.escape(line ?? AlbumsIndexPage.counts(counts)))</p>\n"
        body += navigation
        body += "<main class=\"grid\">\n"
        for asset in assets { body += AssetTile(asset: asset, links: links, play: plays[asset.id]).html + "\n" }
        body += "</main>\n" + navigation
        return GalleryHTML.page(title: pages > 1 ? "\(title) (\(page)/\(pages))" : title, body: body)
    }

    /// First, previous, the pages around this one, next, last.
    private var navigation: String {
        guard pages > 1 else { return "" }
        let shown = Set([1, pages] + Array(max(1, page - 2)...min(pages, page + 2))).sorted()
        var parts: [String] = []
        if page > 1 { parts.append(link(page - 1, "‹ previous")) }
        var last = 0
        for number in shown {
            if number > last + 1 { parts.append("<span>…</span>") }
            parts.append(number == page ? "<span class=\"here\">\(number)</span>" : link(number, "\(number)"))
            last = number
        }
        if page < pages { parts.append(link(page + 1, "next ›")) }
        return "<nav class=\"pages\">" + parts.joined(separator: " ") + "</nav>\n"
    }

    private func link(_ number: Int, _ text: String) -> String {
        "<a href=\"\(pageName(number))\">\(text)</a>"
    }
}
