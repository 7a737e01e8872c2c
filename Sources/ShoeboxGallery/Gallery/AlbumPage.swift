/// One page of an album: its assets as justified rows (`AssetTile`), and links to the
/// album's other pages when it has more than one.
struct AlbumPage {
    let summary: AlbumSummary
    let assets: [AssetRecord]
    /// This page's number, from 1, and how many the album has.
    let page: Int
    let pages: Int
    let links: GalleryLinks
    /// Each Live Photo's or video's web rendition, by asset id (a file of the gallery).
    var plays: [Int64: String] = [:]

    var html: String {
        let title = summary.album.title
        var body = "<p class=\"counts\">\(GalleryHTML.escape(AlbumsIndexPage.counts(summary.counts)))</p>\n"
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
        "<a href=\"\(GalleryFileName.albumPage(summary.album, page: number))\">\(text)</a>"
    }
}
