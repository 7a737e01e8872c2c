import Foundation
import Testing

/// A published gallery of a large library, checked as `SelfContainedGalleryTests` checks the
/// samples' one: every page's references present, no `file://` and no absolute path, every
/// image loaded in headless Chromium at a phone's and a desktop's width; and each page's
/// weight at each width (its HTML and every image it loaded, each file once), written out.
///
/// Runs only on a gallery `scripts/gallery-at-scale.sh` made (5,000 generated photos, the
/// gallery copied away and the library deleted): `SHOEBOX_GALLERY_CHECK` names the copy,
/// `SHOEBOX_GALLERY_WEIGHTS` the TSV file the weights go to.
@Suite struct GalleryAtScaleTests {
    static let gallery = ProcessInfo.processInfo.environment["SHOEBOX_GALLERY_CHECK"].map { URL(fileURLWithPath: $0) }

    @Test(.enabled(if: gallery != nil, "set by scripts/gallery-at-scale.sh, which makes the gallery"),
          .enabled(if: Chromium.executable != nil, "needs Debian's chromium"))
    func aPublishedGalleryOfALargeLibraryShowsEveryImage() throws {
        let folder = try #require(Self.gallery)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }.sorted()
        var htmlBytes: [String: Int] = [:]
        for name in pages {
            let html = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            htmlBytes[name] = html.utf8.count
            #expect(!html.contains("file://") && !html.contains("=\"/") && !html.contains("srcset=\"/"), "\(name)")
            for reference in SelfContainedGalleryTests.references(in: html) {
                let file = folder.appendingPathComponent(reference.removingPercentEncoding ?? reference)
                #expect(FileManager.default.fileExists(atPath: file.path), "\(name) points at \(reference), which is not in the gallery")
            }
        }
        var rows = ["page\twidth\ttiles\thtml_bytes\timage_bytes"]
        for width in [390, 1000] {
            // A few pages a browser run: each page loads every one of its images.
            for batch in stride(from: 0, to: pages.count, by: 10).map({ Array(pages[$0..<min($0 + 10, pages.count)]) }) {
                let looked = try GalleryProbe.look(at: batch.map { (folder.appendingPathComponent($0), false) }, width: width)
                #expect(looked.count == batch.count)
                for (name, page) in zip(batch, looked) {
                    #expect(page.images.allSatisfy { $0 }, "\(name) at \(width) px: \(page.brokenImages.prefix(5))")
                    let chosen = Set(page.sources.compactMap { URL(string: $0)?.path })
                    let bytes = chosen.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
                    rows.append("\(name)\t\(width)\t\(page.tiles.count)\t\(htmlBytes[name] ?? 0)\t\(bytes)")
                }
            }
        }
        if let out = ProcessInfo.processInfo.environment["SHOEBOX_GALLERY_WEIGHTS"] {
            try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: out))
        }
    }
}
