/// The shared shell of a gallery page, and text made safe for HTML: every title, path and
/// value a page shows comes from files and folders, so each is escaped (`<`, `&`, quotes).
enum GalleryHTML {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                if character.value < 0x20 && character != "\t" { escaped += "&#xFFFD;" } else { escaped.unicodeScalars.append(character) }
            }
        }
        return escaped
    }

    /// A whole page: its title, a header linking the front, places and failures pages, then `body`.
    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · Shoebox</title>
        <link rel="stylesheet" href="\(GalleryFileName.style)">
        <script src="\(GalleryFileName.script)" defer></script>
        </head>
        <body>
        <header><a href="\(GalleryFileName.index)">Photos</a> <a href="\(GalleryFileName.places)">Places</a> <a href="\(GalleryFileName.failures)">Failures</a></header>
        <h1>\(escape(title))</h1>
        \(body)
        <footer>Place names: <a href="https://www.geonames.org">GeoNames</a>, CC BY 4.0</footer>
        </body>
        </html>

        """
    }
}
