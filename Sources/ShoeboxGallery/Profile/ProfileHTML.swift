import Foundation

/// `shoebox profile --html FILE`: the run as one self-contained page of inline SVG charts
/// drawn here (no chart library, no network): where each stage's time went (work, waiting on
/// the stage before, blocked by the stage after), the rate of each format, every file's work
/// on a timeline with one lane per stage worker, and resident memory over time.
public enum ProfileHTML {
    static let width = 960.0
    static let label = 150.0
    /// The timeline draws at most this many work spans (the earliest), to keep the page light.
    static let maxSpans = 20_000
    static let colours = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f"]

    /// What every page `document` writes begins with (the gallery checks a `--profile` page by it).
    static let opening = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Shoebox profile: "

    /// Whether `data` is a page `document` wrote.
    static func isProfilePage(_ data: Data) -> Bool {
        data.starts(with: Data(opening.utf8))
    }

    public static func document(for run: PipelineProfiler.Run) -> String {
        let r = run.report
        let peak = r.peakResidentBytes.map { " · peak resident memory \($0 / 1_048_576) MiB" } ?? ""
        let summary = String(format: "%d file\(r.files == 1 ? "" : "s") in %.2f s: %.1f files/s, %.1f MP/s", r.files, r.wallSeconds, r.filesPerSecond,
                             r.megapixelsPerSecond) + peak + (r.bottleneck.map { " · busiest stage: \($0)" } ?? "")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Shoebox profile: \(GalleryHTML.escape(r.pipeline))</title>
            <style>body{font:14px system-ui,sans-serif;margin:16px 24px}svg{display:block;margin:4px 0 24px}
            text{font:12px system-ui,sans-serif}.axis{fill:#777}</style></head><body>
            <h1>Profile of pipeline “\(GalleryHTML.escape(r.pipeline))”</h1>
            <p class="summary">\(GalleryHTML.escape(summary))</p>
            <h2>Stages: work, waiting, blocked (seconds, all workers)</h2>
            <p><span style="color:\(colours[0])">■</span> work <span style="color:#bab0ac">■</span> waiting for the
            stage before <span style="color:\(colours[1])">■</span> blocked by the stage after</p>
            \(stageBars(r.stages))
            <h2>Formats: files per second</h2>
            \(formatBars(r.formats))
            \(libraryTable(r))
            <h2>Timeline: each file's work, one lane per stage worker</h2>
            \(timeline(run))
            <h2>Resident memory</h2>
            \(memoryChart(run.memory, wall: r.wallSeconds))
            <h2>Throughput: files per second and resident memory against files done</h2>
            <p><span style="color:\(colours[4])">■</span> files/s (over the files just before)
            <span style="color:\(colours[2])">■</span> resident memory</p>
            \(throughputChart(ThroughputCurve(run)))
            \(repeatTable(r))\(crashList(r))</body></html>

            """
    }

    private static func stageBars(_ stages: [ProfileReport.Stage]) -> String {
        let longest = max(stages.map { $0.workSeconds + $0.waitedSeconds + $0.blockedSeconds }.max() ?? 0, 1e-9)
        let scale = (width - label - 10) / longest
        var body = ""
        for (row, stage) in stages.enumerated() {
            let y = Double(row) * 24
            var x = label
            body += text(stage.name, x: 4, y: y + 16)
            for (part, seconds, colour) in [("work", stage.workSeconds, colours[0]), ("waited", stage.waitedSeconds, "#bab0ac"),
                                            ("blocked", stage.blockedSeconds, colours[1])] {
                let w = seconds * scale
                body += "<rect class=\"\(part)\" data-stage=\"\(GalleryHTML.escape(stage.name))\" x=\"\(f(x))\" y=\"\(f(y + 3))\" "
                    + "width=\"\(f(w))\" height=\"18\" fill=\"\(colour)\"><title>\(GalleryHTML.escape(stage.name)) \(part) "
                    + "\(String(format: "%.3f", seconds)) s</title></rect>"
                x += w
            }
        }
        return svg(id: "stages", height: Double(stages.count) * 24 + 4, body: body)
    }

    /// One bar per format, over its decoded files only; a format whose every file failed gets
    /// no bar, only its failures, so it can never look like the fastest.
    private static func formatBars(_ formats: [ProfileReport.Format]) -> String {
        let fastest = max(formats.compactMap(\.filesPerSecond).max() ?? 0, 1e-9)
        var body = ""
        for (row, format) in formats.enumerated() {
            let y = Double(row) * 24, w = (format.filesPerSecond ?? 0) / fastest * (width - label - 170)
            let failed = format.failed == 0 ? "" : ", " + ProfileReport.failures(format) + " (not in the rate)"
            let caption = format.filesPerSecond.map { String(format: "%.1f files/s, %d decoded", $0, format.decoded) }
                ?? "no file decoded"
            body += text(format.format, x: 4, y: y + 16)
                + (format.filesPerSecond == nil ? "" :
                    "<rect class=\"rate\" data-format=\"\(GalleryHTML.escape(format.format))\" x=\"\(f(label))\" y=\"\(f(y + 3))\" "
                    + "width=\"\(f(w))\" height=\"18\" fill=\"\(colours[4])\"></rect>")
                + text(caption + failed, x: label + w + 6, y: y + 16)
        }
        return svg(id: "formats", height: Double(formats.count) * 24 + 4, body: body)
    }

    /// Decode time per decoded file by library, per format; nothing when none was counted.
    private static func libraryTable(_ report: ProfileReport) -> String {
        let used = report.librariesUsed.filter { name in report.formats.contains { $0.decodeLibraryMs[name] != nil } }
        let decoded = report.formats.filter { $0.decodeMeanMs != nil }
        guard !used.isEmpty, !decoded.isEmpty else { return "" }
        let head = "<tr><th>format</th>" + used.map { "<th>\(GalleryHTML.escape($0))</th>" }.joined() + "<th>own</th></tr>"
        let rows = decoded.map { format in
            "<tr><th>\(GalleryHTML.escape(format.format))</th>"
                + used.map { "<td>" + (format.decodeLibraryMs[$0].map { String(format: "%.2f", $0) } ?? "-") + "</td>" }.joined()
                + "<td>" + String(format: "%.2f", format.decodeOwnMs) + "</td></tr>"
        }
        return """
            <h2 id="libraries">Decode: milliseconds per decoded file, by library (own: Shoebox's code around them)</h2>
            <table class="libraries">\(head)\(rows.joined())</table>
            """
    }

    /// With `--repeat`: each stage's figures over the runs, median (min-max); the charts above
    /// are the median run's.
    private static func repeatTable(_ report: ProfileReport) -> String {
        guard let repeats = report.repeats else { return "" }
        func cell(_ spread: Spread, _ format: String, scale: Double = 1) -> String {
            "<td>" + String(format: "\(format) (\(format)–\(format))", spread.median * scale, spread.min * scale, spread.max * scale)
                + "</td>"
        }
        let rows = repeats.stages.map { stage in
            "<tr><th>\(GalleryHTML.escape(stage.name))</th>" + cell(stage.workSeconds, "%.3f") + cell(stage.meanMs, "%.2f")
                + cell(stage.p95Ms, "%.2f") + cell(stage.busy, "%.0f", scale: 100) + "</tr>"
        }
        return """
            <h2 id="repeats">Over \(repeats.runs) runs after a warm-up: median (min–max); the charts are run \(repeats.medianRun + 1)'s</h2>
            <p>wall \(String(format: "%.2f s (%.2f–%.2f)", repeats.wallSeconds.median, repeats.wallSeconds.min, repeats.wallSeconds.max))
            · \(String(format: "%.1f files/s (%.1f–%.1f)", repeats.filesPerSecond.median, repeats.filesPerSecond.min, repeats.filesPerSecond.max))</p>
            <table class="repeats"><tr><th>stage</th><th>work s</th><th>mean ms</th><th>p95 ms</th><th>busy %</th></tr>\(rows.joined())</table>

            """
    }

    /// The files a profile process died on, each counted as failed; nothing when there were none.
    private static func crashList(_ report: ProfileReport) -> String {
        guard !report.crashes.isEmpty else { return "" }
        let items = report.crashes.map { crash in
            "<li>\(GalleryHTML.escape(crash.failure))\(crash.stage.map { " in " + GalleryHTML.escape($0) } ?? ""): "
                + "<code>\(GalleryHTML.escape(crash.path))</code></li>"
        }
        return "<h2 id=\"crashes\">Files that ended a process (counted as failed; the profile went on in a new one, "
            + "\(report.processes) in all)</h2>\n<ul>\(items.joined())</ul>\n"
    }

    private static func timeline(_ run: PipelineProfiler.Run) -> String {
        let lanes = run.stages.flatMap { stage in (0..<max(stage.workers, 1)).map { (stage.name, $0) } }
        let laneIndex = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ("\($0.element.0)#\($0.element.1)", $0.offset) })
        let stageIndex = Dictionary(uniqueKeysWithValues: run.stages.enumerated().map { ($0.element.name, $0.offset) })
        let wall = max(run.report.wallSeconds, 1e-9), scale = (width - label - 10) / wall
        var body = lanes.enumerated().map { text("\($0.element.0) \($0.element.1 + 1)", x: 4, y: Double($0.offset) * 14 + 11) }.joined()
        for timing in run.timings.sorted(by: { $0.start < $1.start }).prefix(maxSpans) {
            guard let lane = laneIndex["\(timing.stage)#\(timing.worker)"], timing.start >= run.origin else { continue }
            let x = label + Double(timing.start - run.origin) / 1e9 * scale, w = max(Double(timing.work) / 1e9 * scale, 0.5)
            let colour = colours[(stageIndex[timing.stage] ?? 0) % colours.count]
            body += "<rect class=\"span\" x=\"\(f(x))\" y=\"\(f(Double(lane) * 14 + 2))\" width=\"\(f(w))\" height=\"11\" "
                + "fill=\"\(colour)\"><title>\(GalleryHTML.escape(timing.stage)): \(GalleryHTML.escape(timing.path))</title></rect>"
        }
        return svg(id: "timeline", height: Double(lanes.count) * 14 + 4, body: body)
    }

    private static func memoryChart(_ samples: [(seconds: Double, bytes: Int64)], wall: Double) -> String {
        let height = 160.0, top = Double(samples.map(\.bytes).max() ?? 1)
        let end = max(samples.last?.seconds ?? wall, 1e-9)
        let points = samples.map { "\(f(label + $0.seconds / end * (width - label - 10))),\(f(height - Double($0.bytes) / top * (height - 10)))" }
        let axis = text(String(format: "%.0f MiB", top / 1_048_576), x: 4, y: 14) + text("0", x: 4, y: height)
            + text(String(format: "%.1f s", end), x: width - 50, y: height)
        return svg(id: "memory", height: height + 4, body: axis
            + "<polyline class=\"memory\" fill=\"none\" stroke=\"\(colours[2])\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\"></polyline>")
    }

    /// Two lines over the files done: the rate, and memory, each on a scale of its own. A slow
    /// leak is memory that climbs with the files; a slowdown is a rate that sinks.
    private static func throughputChart(_ curve: ThroughputCurve) -> String {
        let height = 160.0, right = width - 10, span = Double(max(curve.filesDone, 1))
        func line(_ points: [ThroughputCurve.Point], colour: String, name: String) -> (String, Double) {
            let top = max(points.map(\.value).max() ?? 1, 1e-9)
            let coordinates = points.map {
                "\(f(label + Double($0.filesDone) / span * (right - label))),\(f(height - $0.value / top * (height - 10)))"
            }
            return ("<polyline class=\"\(name)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\" "
                    + "points=\"\(coordinates.joined(separator: " "))\"></polyline>", top)
        }
        let (rate, fastest) = line(curve.filesPerSecond, colour: colours[4], name: "rate")
        let (memory, most) = line(curve.residentBytes, colour: colours[2], name: "memory")
        let axis = text(String(format: "%.1f files/s", fastest), x: 4, y: 14)
            + text(String(format: "%.0f MiB", most / 1_048_576), x: 4, y: 30) + text("0", x: 4, y: height)
            + text("\(curve.filesDone) files", x: width - 70, y: height)
        return svg(id: "throughput", height: height + 4, body: axis + rate + memory)
    }

    private static func svg(id: String, height: Double, body: String) -> String {
        "<svg id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">\(body)</svg>"
    }

    private static func text(_ value: String, x: Double, y: Double) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\">\(GalleryHTML.escape(value))</text>"
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }
}
