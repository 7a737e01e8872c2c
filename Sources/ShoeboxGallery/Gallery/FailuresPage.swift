/// Every file the catalog records as failed, grouped by error class (largest group first),
/// each a short path (from its ingest root's folder), what went wrong in words a person acts
/// on (`FailureWords`), and the library's own message behind a disclosure. No absolute path is
/// shown (a gallery may be published): a message's mention of the file is its short path.
/// Files skipped as not media are not catalogued, so not listed.
struct FailuresPage {
    let failed: [AssetRecord]

    var html: String {
        let groups = Dictionary(grouping: failed) { $0.errorClass }
            .sorted { ($0.value.count, $1.key?.rawValue ?? "") > ($1.value.count, $0.key?.rawValue ?? "") }
        var body = failed.isEmpty ? "<p>No file failed.</p>\n" : ""
        for (errorClass, assets) in groups {
            let name = errorClass?.rawValue ?? "unknown"
            let heading = errorClass.map(FailureWords.heading) ?? "Failed files"
            body += "<section class=\"failures\" id=\"\(GalleryHTML.escape(name))\">"
                + "<h2>\(GalleryHTML.escape(heading)) <span>(\(assets.count))</span></h2>\n<table>\n"
            for asset in assets.sorted(by: { $0.path < $1.path }) { body += row(asset) }
            body += "</table></section>\n"
        }
        return GalleryHTML.page(title: "Failures", body: body)
    }

    private func row(_ asset: AssetRecord) -> String {
        let reason = asset.errorClass.map { FailureWords.reason($0, message: asset.errorMessage) } ?? ""
        let stage = asset.errorStage.map { " in \($0.rawValue)" } ?? ""
        let message = (asset.errorMessage ?? "").replacingOccurrences(of: asset.path, with: Self.shortPath(asset))
        let said = "\(asset.errorClass?.rawValue ?? "failed")\(stage): \(message)"
        return "<tr><td class=\"path\">\(GalleryHTML.escape(Self.shortPath(asset)))</td>"
            + "<td>\(GalleryHTML.escape(reason))<details><summary>What the library said</summary>"
            + "<code>\(GalleryHTML.escape(said))</code></details></td></tr>\n"
    }

    /// The path from its ingest root's folder: `samples/broken/truncated.jpg` for
    /// `/home/me/shoebox/samples/broken/truncated.jpg` ingested as `/home/me/shoebox/samples`.
    static func shortPath(_ asset: AssetRecord) -> String {
        let root = asset.root.hasSuffix("/") ? String(asset.root.dropLast()) : asset.root
        guard asset.path.hasPrefix(root + "/"), let folder = root.split(separator: "/").last else { return asset.path }
        return String(folder) + asset.path.dropFirst(root.count)
    }
}
