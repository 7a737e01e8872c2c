/// The gallery's front page: the timeline first (`TimelineSection`: the moments by year and
/// month, newest first), then every album, largest first (as `albums` lists them), each with
/// its cover image, title and counts per kind.
struct AlbumsIndexPage {
    /// Each album with its cover: a rendered cover image (`shoebox covers`) or the cover
    /// asset's smallest thumbnail, relative to the library.
    let albums: [(summary: AlbumSummary, cover: ThumbnailRecord?)]
    /// The moments, newest first, each with its cover asset's smallest thumbnail.
    var moments: [(moment: Moment, cover: ThumbnailRecord?)] = []
    let failures: Int
    /// The gallery holds a `profile.html` (`gallery --profile`).
    var profile = false
    let links: GalleryLinks

    var html: String {
        var body = "<main>\n" + TimelineSection(moments: moments, links: links).html
        body += moments.isEmpty ? "" : "<h2>Albums</h2>\n"
        body += "<div class=\"albums\">\n"
        for (summary, cover) in albums {
            let image = cover.map { "<img loading=\"lazy\" src=\"\(links.libraryFile($0.relativePath))\" alt=\"\">" } ?? ""
            body += "<a class=\"album\" href=\"\(links.albumPage(summary.album, page: 1))\">\(image)"
                + "<span class=\"title\">\(GalleryHTML.escape(summary.album.title))</span>"
                + "<span class=\"counts\">\(GalleryHTML.escape(Self.counts(summary.counts)))</span></a>\n"
        }
        body += "</div>\n</main>\n"
        if failures > 0 { body += "<p><a href=\"\(GalleryFileName.failures)\">\(failures) files failed</a></p>\n" }
        if profile { body += "<p><a href=\"\(GalleryFileName.profile)\">Profile of the last run</a></p>\n" }
        return GalleryHTML.page(title: moments.isEmpty ? "Albums" : "Photos", body: body)
    }

    /// `12 photos, 1 live photo, 2 videos`.
    static func counts(_ counts: KindCounts) -> String {
        let names: [(AssetKind, String)] = [(.photo, "photo"), (.livePhoto, "live photo"), (.video, "video"), (.gif, "GIF")]
        let parts = names.compactMap { kind, name in counts[kind] > 0 ? "\(counts[kind]) \(name)\(counts[kind] == 1 ? "" : "s")" : nil }
        return parts.isEmpty ? "empty" : parts.joined(separator: ", ")
    }
}
