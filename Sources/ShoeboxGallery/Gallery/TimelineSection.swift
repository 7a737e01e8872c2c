/// The timeline on the gallery's front page, as Apple Photos' Years and Months: the moments
/// newest first under their year and month, each a tile with its cover, its title (its place
/// or day) and its days and counts, linking to the moment's pages.
struct TimelineSection {
    /// Newest first, each with its cover asset's smallest thumbnail.
    let moments: [(moment: Moment, cover: ThumbnailRecord?)]
    let links: GalleryLinks

    var html: String {
        guard !moments.isEmpty else { return "" }
        var html = "<section class=\"timeline\">\n"
        var (year, month) = ("", "")
        for (moment, cover) in moments {
            if moment.start.prefix(4) != year {
                year = String(moment.start.prefix(4))
                html += (month.isEmpty ? "" : "</div>\n") + "<h2>\(GalleryHTML.escape(year))</h2>\n"
                month = ""
            }
            if moment.start.prefix(7) != month {
                html += (month.isEmpty ? "" : "</div>\n") + "<h3>\(GalleryHTML.escape(Self.monthName(moment.start)))</h3>\n<div class=\"albums\">\n"
                month = String(moment.start.prefix(7))
            }
            html += tile(moment, cover: cover)
        }
        return html + "</div>\n</section>\n"
    }

    private func tile(_ moment: Moment, cover: ThumbnailRecord?) -> String {
        let image = cover.map { "<img loading=\"lazy\" src=\"\(links.libraryFile($0.relativePath))\" alt=\"\">" } ?? ""
        let line = Self.datesAndCounts(moment)
        return "<a class=\"album moment\" href=\"\(GalleryFileName.momentPage(moment.id, page: 1))\">\(image)"
            + "<span class=\"title\">\(GalleryHTML.escape(moment.title))</span>"
            + "<span class=\"counts\">\(GalleryHTML.escape(line))</span></a>\n"
    }

    /// "3–5 May 2025 · 12 photos"; the counts alone when the title is the day already.
    static func datesAndCounts(_ moment: Moment) -> String {
        let dates = MomentDates.text(start: moment.start, end: moment.end)
        return (dates == moment.title ? "" : dates + " · ") + AlbumsIndexPage.counts(moment.counts)
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                         "November", "December"]

    /// "May 2024" for a capture time of May 2024 as written; the text itself when it names no month.
    static func monthName(_ takenAt: String) -> String {
        let digits = Array(takenAt.utf8.prefix(7))
        guard digits.count == 7, let month = Int(String(takenAt.dropFirst(5).prefix(2))), (1...12).contains(month) else {
            return String(takenAt.prefix(7))
        }
        return "\(months[month - 1]) \(takenAt.prefix(4))"
    }
}
