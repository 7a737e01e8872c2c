import Foundation
import Testing
@testable import Shoebox

/// `shoebox profile --html FILE`: the run as charts a browser draws, with no network.
@Suite struct ProfileHTMLTests {
    /// The thirteen clean samples profiled with `--html`: the page's markup as written and,
    /// when Chromium is here, as the browser parsed it.
    struct Profiled {
        let folder: TemporaryFolder
        let page: URL
        let html: String

        init() throws {
            folder = try TemporaryFolder()
            let photos = try ProfileSamples.copies(of: ProfileSamples.good, in: folder)
            page = folder.url.appendingPathComponent("profile.html")
            let run = try ShoeboxBinary.run(["profile", photos, "--html", page.path], environment: ["TMPDIR": folder.url.path])
            try #require(run.status == 0, "\(run.errors)")
            #expect(run.errors.contains("charts written to \(page.path)"))
            html = try String(contentsOf: page, encoding: .utf8)
        }
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func everyStageHasItsBarAndEveryFileItsSpans() throws {
        let profiled = try Profiled()
        #expect(Self.count("<rect class=\"work\"", in: profiled.html) == 9)
        #expect(Self.count("<rect class=\"span\"", in: profiled.html) == 13 * 9)
        #expect(profiled.html.contains("data-format=\"jpeg\""))
        #expect(!profiled.html.contains(" src=") && !profiled.html.contains(" href="), "the page loads nothing")
    }

    /// Thirteen files: a rate over the ten before each of the last three.
    @Test func theThroughputCurveHasARatePerFileAfterItsWindowAndMemory() throws {
        let profiled = try Profiled()
        let rate = try #require(profiled.html.range(of: "<polyline class=\"rate\"").map { profiled.html[$0.upperBound...] })
        let points = try #require(rate.range(of: "points=\"").map { rate[$0.upperBound...].prefix { $0 != "\"" } })
        #expect(points.split(separator: " ").count == 3)
        #expect(profiled.html.contains("<svg id=\"throughput\""))
        #expect(Self.count("<polyline class=\"memory\"", in: profiled.html) == 2)
    }

    @Test func memoryIsDrawnOverTheRun() throws {
        let profiled = try Profiled()
        let points = try #require(profiled.html.range(of: "points=\"").map { profiled.html[$0.upperBound...].prefix { $0 != "\"" } })
        #expect(points.split(separator: " ").count >= 2)
    }

    /// Repeated, with a file that crashes its decoder: the page says both, and says where the
    /// decode time went; a browser shows each section.
    @Test func aRepeatedProfileWithACrashShowsBoth() throws {
        let folder = try TemporaryFolder()
        let photos = try ProfileSamples.copies(of: ProfileSamples.good, in: folder)
        let page = folder.url.appendingPathComponent("profile.html")
        let run = try ShoeboxBinary.run(["profile", photos, "--repeat", "2", "--html", page.path],
                                        environment: ["TMPDIR": folder.url.path, "SHOEBOX_TEST_CRASH_ON": "panorama"])
        try #require(run.status == 0, "\(run.errors)")
        let html = try String(contentsOf: page, encoding: .utf8)
        for section in ["repeats", "crashes", "libraries"] { #expect(html.contains("<h2 id=\"\(section)\""), "\(section)") }
        #expect(html.contains("panorama.jpg</code>"))
        if Chromium.executable != nil {
            let dom = try Chromium.dumpDOM(of: page)
            for section in ["repeats", "crashes", "libraries"] { #expect(dom.contains("<h2 id=\"\(section)\""), "\(section)") }
            #expect(dom.contains("<svg id=\"throughput\""))
        }
    }

    @Test(.enabled(if: Chromium.executable != nil, Comment(rawValue: Chromium.missing)))
    func aBrowserDrawsEveryChart() throws {
        let profiled = try Profiled()
        let dom = try Chromium.dumpDOM(of: profiled.page)
        for chart in ["stages", "formats", "timeline", "memory", "throughput"] { #expect(dom.contains("<svg id=\"\(chart)\""), "\(chart)") }
        #expect(Self.count("class=\"span\"", in: dom) == 13 * 9)
    }
}
