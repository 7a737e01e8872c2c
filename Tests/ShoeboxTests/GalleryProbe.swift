import Foundation
import Testing

/// Loads gallery pages in headless Chromium and reports what a person would see: each
/// tile's box, badge and whether its image loaded, every link, the page's text, and the
/// lightbox after a click on the first tile. A probe page in its own folder opens each page
/// in a frame (Chromium may read `file://` frames with `--allow-file-access-from-files`)
/// and writes its findings, base64-encoded JSON, into its own DOM, which Chromium dumps.
struct GalleryProbe {
    struct Tile: Decodable, Equatable {
        var name: String
        var x: Double, y: Double, w: Double, h: Double
        var badge: String
        var loaded: Bool
        /// The rendition the browser chose from `srcset`, and the smallest (`src`): file URLs.
        var source: String
        var smallest: String
    }

    struct Lightbox: Decodable {
        var shown: Bool
        var facts: [String]
        var src: String
        /// Where the picture and the facts are, and the buttons shown (their labels).
        var picture: Box
        var list: Box
        var buttons: [String]
        /// The file name after the next button, then after a swipe back (right).
        var afterNext: String
        var afterSwipeBack: String
    }

    struct Box: Decodable {
        var x: Double, y: Double, w: Double, h: Double
    }

    /// A `<video>` once it has data (`loadeddata`) or failed (`error`).
    struct Clip: Decodable {
        var event: String
        var src: String
        var readyState: Int
        var duration: Double
        var width: Int, height: Int
        var muted: Bool
    }

    /// One tile played: the videos on the page before, the clip hovering made and whether
    /// leaving removed it, then the video the lightbox plays after a click (nil: an image).
    struct Playback: Decodable {
        var videosBefore: Int
        var hover: Clip?
        var removedOnLeave: Bool
        var lightbox: Clip?
    }

    struct Page: Decodable {
        var title: String
        var grid: Double
        var tiles: [Tile]
        var lightbox: Lightbox?
        var links: [String]
        var images: [Bool]
        /// The file each image loaded (its `currentSrc`: the rendition `srcset` chose).
        var sources: [String]
        /// The `src` of each image that did not load, to say which when one does not.
        var brokenImages: [String]
        var text: String
        var play: Playback?
        /// How much wider than the window the page is (0: nothing to scroll sideways).
        var overflow: Double

        func tile(_ name: String) throws -> Tile {
            try #require(tiles.first { $0.name == name }, "no tile \(name) among \(tiles.map(\.name))")
        }

        /// The tiles in rows, top to bottom (same top edge, within a pixel).
        var rows: [[Tile]] {
            var rows: [[Tile]] = []
            for tile in tiles.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
                if let last = rows.last?.first, abs(last.y - tile.y) < 1 { rows[rows.count - 1].append(tile) } else { rows.append([tile]) }
            }
            return rows
        }
    }

    static let script = """
        function watch(v) {
          return new Promise(resolve => {
            let done = false;
            const report = event => {
              if (done) return;
              done = true;
              resolve({ event, src: v.getAttribute("src") || "", readyState: v.readyState, duration: v.duration || 0,
                        width: v.videoWidth, height: v.videoHeight, muted: v.muted });
            };
            if (v.readyState >= 2) return report("ready");
            v.addEventListener("loadeddata", () => report("loadeddata"), { once: true });
            v.addEventListener("error", () => report("error"), { once: true });
            // Virtual time (--virtual-time-budget) does not wait for the media pipeline, which
            // works in real time: a stream of message-channel tasks holds the clock until it answers.
            const channel = new MessageChannel();
            let spins = 0;
            channel.port1.onmessage = () => {
              if (done) return;
              if (++spins > 5000000) return report("timeout");
              channel.port2.postMessage(0);
            };
            channel.port2.postMessage(0);
          });
        }
        async function play(doc, name) {
          const tile = [...doc.querySelectorAll("a.t")].find(a => a.dataset.n === name);
          if (!tile) return null;
          const out = { videosBefore: doc.querySelectorAll("video").length, hover: null, removedOnLeave: false, lightbox: null };
          tile.dispatchEvent(new MouseEvent("mouseenter"));
          const clip = tile.querySelector("video");
          if (clip) out.hover = await watch(clip);
          tile.dispatchEvent(new MouseEvent("mouseleave"));
          out.removedOnLeave = !tile.querySelector("video");
          tile.click();
          const box = doc.getElementById("lightbox"), video = box && box.querySelector("video");
          if (video && !video.hidden) out.lightbox = await watch(video);
          return out;
        }
        async function probe(url, click, name) {
          const frame = document.createElement("iframe");
          frame.style = "width:" + WIDTH + "px;height:3000px;border:0;display:block";
          const loaded = new Promise(resolve => frame.onload = resolve);
          frame.src = url;
          document.body.appendChild(frame);
          await loaded;
          const doc = frame.contentDocument;
          // Every image, below the fold too: whether each one loads is what is asked.
          // A lazy image's source is set again, eager: a new request, whose load or error
          // event always comes.
          await Promise.all([...doc.images].map(i => {
            if (i.loading !== "lazy") return i.complete ? 0 : new Promise(r => { i.onload = i.onerror = r; });
            const done = new Promise(r => { i.onload = i.onerror = r; });
            i.loading = "eager";
            i.src = i.getAttribute("src");
            return done;
          }));
          const tiles = [...doc.querySelectorAll("a.t")].map(a => {
            const r = a.getBoundingClientRect(), b = a.querySelector("b"), i = a.querySelector("img");
            return { name: a.dataset.n, x: r.x, y: r.y, w: r.width, h: r.height, badge: b ? b.textContent : "", loaded: i.naturalWidth > 0,
                     source: i.currentSrc, smallest: i.src };
          });
          const grid = doc.querySelector(".grid");
          const result = { title: doc.querySelector("h1").textContent, grid: grid ? grid.getBoundingClientRect().width : 0, tiles,
                           links: [...doc.querySelectorAll("a[href]")].map(a => a.getAttribute("href")),
                           images: [...doc.images].map(i => i.naturalWidth > 0), sources: [...doc.images].map(i => i.currentSrc),
                           brokenImages: [...doc.images].filter(i => !(i.naturalWidth > 0)).map(i => i.getAttribute("src")),
                           text: doc.body.innerText, lightbox: null,
                           overflow: Math.max(0, doc.documentElement.scrollWidth - WIDTH) };
          if (name) result.play = await play(doc, name);
          if (click && tiles.length) {
            doc.querySelector("a.t").click();
            const box = doc.getElementById("lightbox");
            const rect = e => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
            const named = () => [...box.querySelectorAll("dd")].map(d => d.textContent)[0] || "";
            result.lightbox = { shown: !!box && !box.hidden, facts: box ? [...box.querySelectorAll("dd")].map(d => d.textContent) : [],
                                src: box ? box.querySelector("img").getAttribute("src") : "",
                                picture: rect(box.querySelector("img")), list: rect(box.querySelector("dl")),
                                buttons: [...box.querySelectorAll("nav button")].filter(b => b.getBoundingClientRect().width > 0)
                                  .map(b => b.getAttribute("aria-label")) };
            box.querySelector("nav .next").click();
            result.lightbox.afterNext = named();
            const touch = x => new Touch({ identifier: 1, target: box, clientX: x, clientY: 300 });
            box.dispatchEvent(new TouchEvent("touchstart", { changedTouches: [touch(100)], bubbles: true }));
            box.dispatchEvent(new TouchEvent("touchend", { changedTouches: [touch(300)], bubbles: true }));
            result.lightbox.afterSwipeBack = named();
          }
          frame.remove();
          return result;
        }
        (async () => {
          const results = [];
          for (const [url, click, name] of PAGES) results.push(await probe(url, click, name));
          const out = document.createElement("pre");
          out.id = "result";
          out.textContent = btoa(unescape(encodeURIComponent(JSON.stringify(results))));
          document.body.appendChild(out);
        })();
        """

    /// What Chromium shows of each page (`click`: also open the lightbox on its first tile).
    static func look(at pages: [(URL, click: Bool)], width: Int = 1000) throws -> [Page] {
        try look(at: pages.map { ($0.0, $0.click, nil) }, width: width)
    }

    /// As `look(at:)`, and with `play` a tile's name: hovers over that tile, then clicks it
    /// (`Page.play`), waiting for each video it makes to load.
    static func look(at pages: [(URL, click: Bool, play: String?)], width: Int = 1000) throws -> [Page] {
        let folder = try TemporaryFolder()
        let probe = folder.url.appendingPathComponent("probe.html")
        let list = pages.map { page in
            let name = page.play.map { "\"\($0)\"" } ?? "null"
            return "[\"\(page.0.absoluteString)\", \(page.click), \(name)]"
        }.joined(separator: ", ")
        try Data("<!DOCTYPE html><html><body><script>const PAGES = [\(list)], WIDTH = \(width);\n\(script)</script></body></html>".utf8)
            .write(to: probe)
        let dom = try Chromium.dumpDOM(of: probe, width: width, height: 3200)
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
              let data = Data(base64Encoded: String(dom[start.upperBound..<end.lowerBound])) else {
            Issue.record("the probe page reported nothing; Chromium's DOM: \(dom.prefix(500))")
            return []
        }
        return try JSONDecoder().decode([Page].self, from: data)
    }
}
