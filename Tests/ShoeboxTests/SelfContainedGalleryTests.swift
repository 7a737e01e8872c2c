import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxGallery

/// A gallery is whole by itself: copied to another folder with the library deleted, every
/// page shows every image in headless Chromium, at a desktop's and a phone's width, and no
/// page holds `file://`, a path of the library or of an original.
@Suite(.serialized) struct SelfContainedGalleryTests {
    /// Every file a page points at (`src`, `srcset`, `href`, the lightbox's `data-o`, `data-v`,
    /// `data-g`), but links to the web and within the page.
    static func references(in html: String) -> Set<String> {
        var found: Set<String> = []
        let pattern = #/(?:src|href|data-o|data-v|data-g)="([^"]*)"|srcset="([^"]*)"/#
        for match in html.matches(of: pattern) {
            if let one = match.1 { found.insert(String(one)) }
            if let set = match.2 {
                for part in set.split(separator: ",") { found.insert(String(part.trimmingCharacters(in: .whitespaces).split(separator: " ")[0])) }
            }
        }
        return found.filter { !$0.hasPrefix("https://") && !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test func aCopiedGalleryWithTheLibraryGoneShowsEveryImage() throws {
        let gallery = try SampleGallery()
        let moved = gallery.folder.url.appendingPathComponent("published")
        try FileManager.default.copyItem(at: gallery.out, to: moved)
        try FileManager.default.removeItem(at: gallery.library)

        let pages = try FileManager.default.contentsOfDirectory(atPath: moved.path).filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count > 10)
        for name in pages {
            let html = try String(contentsOf: moved.appendingPathComponent(name), encoding: .utf8)
            #expect(!html.contains("file://"), "\(name)")
            for absolute in [gallery.folder.url.path, Fixtures.samples.path, "=\"/", "srcset=\"/"] {
                #expect(!html.contains(absolute), "\(name) holds \(absolute)")
            }
            for reference in Self.references(in: html) {
                let file = moved.appendingPathComponent(reference.removingPercentEncoding ?? reference)
                #expect(FileManager.default.fileExists(atPath: file.path), "\(name) points at \(reference), which is not in the gallery")
            }
        }
        for width in [390, 1000] {
            let looked = try GalleryProbe.look(at: pages.map { (moved.appendingPathComponent($0), false) }, width: width)
            for (name, page) in zip(pages, looked) {
                #expect(page.images.allSatisfy { $0 }, "\(name) at \(width) px: \(page.brokenImages)")
            }
        }
    }

    /// Thumbnails are hard linked from the library (the two share a file system here): the
    /// gallery takes no space for them. An animated GIF's original, which plays, is copied.
    @Test func thumbnailsAreHardLinkedAndAnimationsCopied() throws {
        let gallery = try SampleGallery()
        let images = try FileManager.default.contentsOfDirectory(atPath: gallery.out.path)
        let thumb = try #require(images.first { $0.hasPrefix("img-") })
        var status = stat()
        #expect(lstat(gallery.out.appendingPathComponent(thumb).path, &status) == 0 && status.st_nlink >= 2)
        let animation = try #require(images.first { $0.hasPrefix("orig-") && $0.hasSuffix(".gif") })
        #expect(lstat(gallery.out.appendingPathComponent(animation).path, &status) == 0 && status.st_nlink == 1)
    }

    /// With --originals copy, the larger view opens each original, copied into the gallery.
    @Test func originalsAreCopiedInOnlyWhenAsked() throws {
        let gallery = try SampleGallery()
        let plain = try String(contentsOf: gallery.albumPage("orientation"), encoding: .utf8)
        #expect(!plain.contains(" data-g="))

        let run = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", gallery.out.path, "--originals", "copy"])

        #expect(run.status == 0, "\(run.errors)")
        let page = try String(contentsOf: gallery.albumPage("orientation"), encoding: .utf8)
        let originals = page.matches(of: #/ data-g="(orig-[0-9a-f]+\.jpg)"/#).map { String($0.1) }
        #expect(originals.count == 8)
        let original = try Data(contentsOf: gallery.out.appendingPathComponent(try #require(originals.first)))
        #expect(original.count > 1000 && original.starts(with: [0xFF, 0xD8]))
        let refused = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", gallery.out.path, "--originals", "all"])
        #expect(refused.status == 64 && refused.errors.contains("--originals takes none, copy or link"))
    }
}
