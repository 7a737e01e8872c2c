import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxGallery

/// The gallery's moving pictures: web renditions of Live Photos and videos made when the
/// gallery is built, played by Chromium on hover and in the lightbox; a rebuild reusing them;
/// a video that no longer decodes keeping its poster; the profile page.
@Suite(.serialized) struct GalleryPlaybackTests {
    static let chromium = Comment(rawValue: Chromium.missing)

    /// The renditions in a gallery folder, by name, with each one's inode and modification time.
    static func renditions(in folder: URL) throws -> [String: [FileAttributeKey: Any]] {
        var found: [String: [FileAttributeKey: Any]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("play-") {
            found[name] = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
        }
        return found
    }

    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func aLivePhotosVideoPlaysMutedOnHoverFromItsMP4() throws {
        let gallery = try SampleGallery()
        let page = try #require(try GalleryProbe.look(at: [(gallery.albumPage("live/by-name"), false, "IMG_0002.jpg")]).first)
        let play = try #require(page.play)
        #expect(play.videosBefore == 0, "no video before the pointer comes")
        let clip = try #require(play.hover, "hovering makes a video")
        #expect(clip.event == "loadeddata" && clip.readyState >= 2)
        #expect(abs(clip.duration - 2) < 0.1 && clip.width == 320 && clip.height == 180 && clip.muted)
        #expect(clip.src.hasPrefix("play-") && clip.src.hasSuffix(".mp4"))
        #expect(FileManager.default.fileExists(atPath: gallery.page(clip.src).path))
        #expect(play.removedOnLeave)
        let lightbox = try #require(play.lightbox, "the lightbox plays the Live Photo's video")
        #expect(lightbox.event == "loadeddata" && lightbox.muted && lightbox.src == clip.src)
    }

    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func aClickOnAVideoPlaysItsRenditionInTheLightbox() throws {
        let gallery = try SampleGallery()
        let page = try #require(try GalleryProbe.look(at: [(gallery.albumPage("video"), false, "portrait.mp4")]).first)
        let play = try #require(page.play)
        #expect(play.hover == nil, "a video does not play on hover")
        let clip = try #require(play.lightbox, "the lightbox shows a video")
        #expect(clip.event == "loadeddata" && clip.readyState >= 2)
        #expect(abs(clip.duration - 2.53) < 0.1)
        #expect(clip.width == 180 && clip.height == 320, "turned upright by the copied display matrix")
        #expect(clip.src.hasPrefix("play-") && !clip.muted)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: WebVideoEncoderTests.ffprobe), WebVideoEncoderTests.ffprobeMissing))
    func everyRenditionIsH264In420WithItsMoovFirst() throws {
        let gallery = try SampleGallery()
        let names = try Self.renditions(in: gallery.out).keys.sorted()
        #expect(names.count == 6)   // 3 Live Photos (2 paired, 1 motion photo), 3 videos
        for name in names {
            let data = try Data(contentsOf: gallery.page(name))
            let boxes = WebVideoEncoderTests.topLevelBoxes(data)
            #expect(boxes.firstIndex(of: "moov")! < boxes.firstIndex(of: "mdat")!, "\(name): \(boxes)")
            let probed = try WebVideoEncoderTests.probe(data)
            #expect(probed.contains("codec_name=h264") && probed.contains("pix_fmt=yuv420p"), "\(name): \(probed)")
            #expect(!probed.contains("codec_type=audio"))
        }
    }

    @Test func aRebuildAfterNoChangeEncodesNothing() throws {
        let gallery = try SampleGallery()
        let before = try Self.renditions(in: gallery.out)
        let again = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", gallery.out.path])
        #expect(again.output.contains("video renditions: 0 encoded, 6 reused, 0 failed;"), "\(again.output)")
        let after = try Self.renditions(in: gallery.out)
        #expect(after.keys.sorted() == before.keys.sorted())
        for (name, attributes) in after {
            #expect(attributes[.systemFileNumber] as? Int == before[name]?[.systemFileNumber] as? Int, "\(name) kept its inode")
            #expect(attributes[.modificationDate] as? Date == before[name]?[.modificationDate] as? Date)
        }
    }

    @Test func withNoVideoNothingIsEncodedAndTheTilesKeepTheirPosters() throws {
        let folder = try TemporaryFolder()
        let library = folder.url.appendingPathComponent("library"), out = folder.url.appendingPathComponent("gallery")
        _ = try ShoeboxBinary.run(["ingest", Fixtures.sample("live").path, "--library", library.path])
        let run = try ShoeboxBinary.run(["gallery", "--library", library.path, "--out", out.path, "--no-video"])
        #expect(run.status == 0)
        #expect(run.output.contains("video renditions: 0 encoded, 0 reused, 0 failed;"), "\(run.output)")
        #expect(try Self.renditions(in: out).isEmpty)
        let pages = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("album-") || $0.hasPrefix("smart-") }
        #expect(pages.count == 3 + 4, "three folder albums; All Photos, Videos, Live Photos, Recently Added")
        for name in pages {
            let html = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            #expect(html.contains("class=\"t livePhoto\"") || html.contains("class=\"t video\""))
            #expect(!html.contains("data-v="), "\(name) links no rendition")
        }
    }

    @Test(.enabled(if: Chromium.executable != nil, chromium))
    func aVideoThatNoLongerDecodesKeepsItsPosterAndGetsNoRendition() throws {
        let folder = try TemporaryFolder()
        let media = folder.url.appendingPathComponent("media"), library = folder.url.appendingPathComponent("library")
        let out = folder.url.appendingPathComponent("gallery")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let video = media.appendingPathComponent("clip.mp4")
        try FileManager.default.copyItem(at: Fixtures.sample("video/portrait.mp4"), to: video)
        _ = try ShoeboxBinary.run(["ingest", media.path, "--library", library.path])
        try Self.zeroMediaData(of: video)
        let run = try ShoeboxBinary.run(["gallery", "--library", library.path, "--out", out.path])
        #expect(run.status == 0)
        #expect(run.output.contains("video renditions: 0 encoded, 0 reused, 1 failed;"), "\(run.output)")
        #expect(run.errors.contains("warning: no web rendition of \(video.path): ffmpeg decode: no frame could be decoded"), "\(run.errors)")
        #expect(try Self.renditions(in: out).isEmpty)
        let album = out.appendingPathComponent(GalleryFileName.albumPage(.folder("media"), page: 1))
        let page = try #require(try GalleryProbe.look(at: [(album, false, "clip.mp4")]).first)
        #expect(try page.tile("clip.mp4").loaded, "the poster shows")
        #expect(page.play?.lightbox == nil, "the lightbox shows the poster, no video")
        for link in page.links where !link.hasPrefix("file:") && !link.hasPrefix("https:") {   // the GeoNames credit
            let target = out.appendingPathComponent(link.removingPercentEncoding ?? link).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(link) exists")
        }
    }

    /// Overwrites the payload of the file's `mdat` box with zeros: the container still opens,
    /// no frame decodes.
    static func zeroMediaData(of file: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: file))
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "mdat" {
                for index in offset + 8..<min(offset + size, bytes.count) { bytes[index] = 0 }
                return try Data(bytes).write(to: file)
            }
            guard size >= 8 else { break }
            offset += size
        }
        Issue.record("no mdat box in \(file.path)")
    }
}

extension GalleryPlaybackTests {
    @Test func theLastProfilePageGivenIsInTheGalleryAndLinkedFromTheFrontPage() throws {
        let gallery = try SampleGallery()
        let charts = gallery.folder.url.appendingPathComponent("run.html")
        let profile = try ShoeboxBinary.run(["profile", Fixtures.sample("panorama.jpg").path, "--html", charts.path])
        try #require(profile.status == 0, "profile: \(profile.errors)")
        let run = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", gallery.out.path, "--profile", charts.path])
        #expect(run.status == 0)
        #expect(try Data(contentsOf: gallery.page("profile.html")) == Data(contentsOf: charts))
        #expect(try String(contentsOf: gallery.page("index.html"), encoding: .utf8).contains("<a href=\"profile.html\">Profile of the last run</a>"))
        let again = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", gallery.out.path])
        #expect(again.output.hasSuffix("0 files written, 42 unchanged, 0 removed\n"), "\(again.output)")
        #expect(try Data(contentsOf: gallery.page("profile.html")) == Data(contentsOf: charts), "kept without --profile")
        #expect(try String(contentsOf: gallery.page("index.html"), encoding: .utf8).contains("<a href=\"profile.html\">"))
    }

    @Test func aProfileFileThatIsNotAProfilePageIsRefused() throws {
        let gallery = try SampleGallery()
        let run = try ShoeboxBinary.run(["gallery", "--library", gallery.library.path, "--out", gallery.out.path,
                                         "--profile", Fixtures.sample("README.md").path])
        #expect(run.status == 1)
        #expect(run.errors == "Error: the profile page \(Fixtures.sample("README.md").path) is not a page shoebox profile --html wrote; "
                + "give --profile the FILE of shoebox profile PATH --html FILE\n")
        #expect(!FileManager.default.fileExists(atPath: gallery.page("profile.html").path))
    }

    @Test func animatedWebPsPlayTheirOriginalOnHoverButAnimatedJPEGXLDoesNot() {
        let links = GalleryLinks()
        var webp = GalleryTests.record("/photos/anim.webp", subtypes: [.animated]), jxl = GalleryTests.record("/photos/anim.jxl", subtypes: [.animated])
        (webp.format, jxl.format) = (.webp, .jxl)
        (webp.contentHash, jxl.contentHash) = ("00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100")
        let thumb = ThumbnailRecord(name: "thumb", recipe: "r", width: 4, height: 3, relativePath: "thumbs/a.jpg")
        webp.thumbnails = [thumb]
        jxl.thumbnails = [thumb]
        #expect(AssetTile(asset: webp, links: links).html.contains(" data-o=\"orig-00112233445566778899aabbccddeeff.webp\""))
        #expect(!AssetTile(asset: jxl, links: links).html.contains(" data-o="))
    }

    @Test(arguments: [("play-0123456789abcdef0123456789abcdef-a9f12e90.mp4", true), ("play-0123-a9f12e9.mp4", false),
                      ("play-0123-A9F12E90.mp4", false), ("play--a9f12e90.mp4", false), ("play-0123-a9f12e90.mov", false),
                      ("profile.html", true)])
    func renditionsAndTheProfilePageAreShoeboxsOwnNames(name: String, ours: Bool) {
        #expect(GalleryFileName.isOurs(name) == ours)
    }
}
