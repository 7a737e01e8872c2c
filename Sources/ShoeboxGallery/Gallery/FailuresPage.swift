/// Every file the catalog records as failed, grouped by error class (largest group first),
/// each with its reason. Files skipped as not media are not catalogued, so not listed.
struct FailuresPage {
    let failed: [AssetRecord]

    var html: String {
        let groups = Dictionary(grouping: failed) { $0.errorClass?.rawValue ?? "unknown" }
            .sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        var body = failed.isEmpty ? "<p>No file failed.</p>\n" : ""
        for (errorClass, assets) in groups {
            body += "<section class=\"failures\" id=\"\(GalleryHTML.escape(errorClass))\">"
                + "<h2>\(GalleryHTML.escape(errorClass)) <span>(\(assets.count))</span></h2>\n<table>\n"
            for asset in assets.sorted(by: { $0.path < $1.path }) {
                body += "<tr><td class=\"path\">\(GalleryHTML.escape(asset.path))</td>"
                    + "<td>\(GalleryHTML.escape(asset.errorMessage ?? ""))</td></tr>\n"
            }
            body += "</table></section>\n"
        }
        return GalleryHTML.page(title: "Failures", body: body)
    }
}
