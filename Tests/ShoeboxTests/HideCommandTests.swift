import Foundation
import Testing
@testable import Shoebox

/// `shoebox hide`, run as a user runs it: a hidden photo leaves `list`, its albums and the
/// gallery, and is listed by `list --album Hidden` only, until it is shown again.
@Suite struct HideCommandTests {
    let cli = CommandLineTests()
    typealias Library = AlbumCommandLineTests.Library

    @Test func aHiddenPhotoIsListedInHiddenOnlyUntilShownAgain() throws {
        let library = try Library(cli)
        let pano = Fixtures.sample("panorama.jpg").path
        let before = try cli.shoebox("list", "--library", library.path).output

        let hid = try cli.shoebox("hide", "add", pano, "--library", library.path)

        #expect(hid.status == 0 && hid.output == "hid 1 asset: shown in the Hidden album only\n")
        #expect(try cli.shoebox("list", "--library", library.path).output.contains(pano) == false)
        #expect(try cli.shoebox("list", "--album", "Panoramas", "--library", library.path).output == "")
        #expect(try ids(cli.shoebox("list", "--album", "Hidden", "--library", library.path).output) == [try library.panorama()])
        #expect(try cli.shoebox("albums", "--library", library.path).output.contains("1\tsmart\tHidden\tphoto 1\t\(try library.panorama())"))

        let showed = try cli.shoebox("hide", "remove", pano, "--library", library.path)
        #expect(showed.status == 0 && showed.output == "showed 1 hidden asset again\n")
        #expect(try cli.shoebox("list", "--library", library.path).output == before)
    }

    @Test func theGalleryNeverShowsAHiddenPhoto() throws {
        let library = try Library(cli)
        _ = try cli.shoebox("hide", "add", Fixtures.sample("panorama.jpg").path, "--library", library.path)
        let out = library.folder.url.appendingPathComponent("site")

        let result = try cli.shoebox("gallery", "--out", out.path, "--library", library.path)

        #expect(result.status == 0, "\(result.errors)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        for page in pages {
            let html = try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8)
            #expect(!html.contains("panorama.jpg") && !html.contains(">Hidden<"), "\(page)")
        }
    }

    @Test func anUnknownAssetOrActionIsRefused() throws {
        let library = try Library(cli)
        let unknown = try cli.shoebox("hide", "add", "/no/such/photo.jpg", "--library", library.path)
        #expect(unknown.status == 1 && unknown.errors.contains("/no/such/photo.jpg"))
        let action = try cli.shoebox("hide", "toggle", Fixtures.sample("panorama.jpg").path, "--library", library.path)
        #expect(action.status == 64 && action.errors.contains("give add or remove"))
    }

    private func ids(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
}
