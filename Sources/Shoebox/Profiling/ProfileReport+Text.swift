import Foundation

extension ProfileReport {
    /// The report as aligned plain text: a summary, the stages in pipeline order with the
    /// busiest marked, then the formats.
    public var text: String {
        var lines: [String] = []
        lines.append("""
            \(Self.count(files, "file")) (\(ingested) ingested, \(failed) failed, \(skipped) skipped) with pipeline "\(pipeline)"\
            \(mode == "ingest" ? "" : " (\(mode))"), \(Self.count(decodeWorkers, "decode worker")), in \(Self.fixed(wallSeconds, 2)) s
            """)
        let memory = peakResidentBytes.map { ", peak resident memory \(Self.fixed(Double($0) / 1_048_576, 0)) MiB" } ?? ""
        lines.append("""
            \(Self.fixed(filesPerSecond, 1)) files/s, \(Self.fixed(megapixelsPerSecond, 1)) MP/s, \
            \(Self.fixed(bytesPerSecond / 1e6, 1)) MB/s (\(Self.fixed(megapixels, 1)) MP, \
            \(Self.fixed(Double(bytes) / 1e6, 1)) MB)\(memory)
            """)
        if let cpuSeconds, wallSeconds > 0 {
            let cores = cpuSeconds / wallSeconds
            lines.append("cpu \(Self.fixed(cpuSeconds, 1)) s in \(Self.fixed(wallSeconds, 1)) s: \(Self.fixed(cores, 2)) of \(processors) cores busy"
                         + (cores >= 0.9 * Double(processors) ? " (all: stage times include waiting for a core)" : ""))
        }
        lines.append("")
        var stageRows = [["stage", "workers", "files", "failed", "work s", "mean ms", "p50 ms", "p95 ms", "max ms",
                          "busy", "waited s", "blocked s", ""]]
        for stage in stages {
            stageRows.append([stage.name, "\(stage.workers)", "\(stage.files)", "\(stage.failed)",
                              Self.fixed(stage.workSeconds, 3), Self.fixed(stage.meanMs, 2), Self.fixed(stage.p50Ms, 2),
                              Self.fixed(stage.p95Ms, 2), Self.fixed(stage.maxMs, 2), "\(Self.fixed(stage.busy * 100, 0))%",
                              Self.fixed(stage.waitedSeconds, 3), Self.fixed(stage.blockedSeconds, 3),
                              stage.name == bottleneck ? "<- bottleneck" : ""])
        }
        lines += Self.table(stageRows)
        lines.append("busy: work / (workers x wall time). waited: for input from the stage before.")
        lines.append("blocked: for room in the queue after (a slower stage downstream).")
        lines += libraryTables
        if !formats.isEmpty {
            lines.append("")
            var formatRows = [["format", "files", "MP", "MB", "work", "files/s", "MP/s", "decode ms", "failed"]]
            for format in formats {
                let rate = { (value: Double?, places: Int) in value.map { Self.fixed($0, places) } ?? "-" }
                formatRows.append([format.format, "\(format.decoded)", Self.fixed(format.megapixels, 1),
                                   Self.fixed(Double(format.bytes) / 1e6, 1), "\(Self.fixed(format.shareOfWork * 100, 0))%",
                                   rate(format.filesPerSecond, 1), rate(format.megapixelsPerSecond, 1),
                                   rate(format.decodeMeanMs, 2), Self.failures(format)])
            }
            lines += Self.table(formatRows)
            lines.append("files, MP, MB: decoded files only; work: their share of all stages' work time;")
            lines.append("files/s and MP/s: over that share of the wall time. failed files are counted apart, by class.")
        }
        if let repeats { lines += Self.text(repeats) }
        if !crashes.isEmpty {
            lines.append("")
            lines.append("\(Self.count(crashes.count, "file")) ended the process working on \(crashes.count == 1 ? "it" : "them"); "
                         + "counted as failed, the profile went on without \(crashes.count == 1 ? "it" : "them") "
                         + "in a new process (\(processes) in all):")
            for crash in crashes {
                lines.append("  \(crash.failure)\(crash.stage.map { " in \($0)" } ?? ""): \(crash.path)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The repeats: the overall figures, then each stage's and format's, as median (min-max).
    static func text(_ repeats: ProfileRepeats) -> [String] {
        var lines = ["", """
            \(count(repeats.runs, "run")) after a warm-up; the figures above are run \(repeats.medianRun + 1)'s, the median \
            by wall time. Over the \(count(repeats.runs, "run")), median (min-max):
            """]
        var overall = ["wall \(Self.show(repeats.wallSeconds, 2)) s", "\(Self.show(repeats.filesPerSecond, 1)) files/s",
                       "\(Self.show(repeats.megapixelsPerSecond, 1)) MP/s"]
        if let cpu = repeats.cpuSeconds { overall.append("cpu \(Self.show(cpu, 1)) s") }
        if let peak = repeats.peakResidentBytes { overall.append("peak \(Self.show(peak, 0, scale: 1 / 1_048_576)) MiB") }
        lines.append(overall.joined(separator: ", "))
        lines.append("")
        lines += table([["stage", "work s", "mean ms", "p95 ms", "busy %"]] + repeats.stages.map { stage in
            [stage.name, Self.show(stage.workSeconds, 3), Self.show(stage.meanMs, 2), Self.show(stage.p95Ms, 2), Self.show(stage.busy, 0, scale: 100)]
        })
        if !repeats.formats.isEmpty {
            lines.append("")
            lines += table([["format", "files/s", "MP/s", "decode ms"]] + repeats.formats.map { format in
                [format.format, Self.show(format.filesPerSecond, 1), Self.show(format.megapixelsPerSecond, 1), Self.show(format.decodeMeanMs, 2)]
            })
        }
        return lines
    }

    /// Where the work went, by library: seconds per stage, then milliseconds per decoded file
    /// in the decode stage per format; `own` is what no library claimed (Shoebox's code, and
    /// waits). Nothing when no library time was counted.
    var libraryTables: [String] {
        let used = librariesUsed
        guard !used.isEmpty else { return [] }
        var lines = ["", "Where the work goes, seconds by library (own: Shoebox's code around them):"]
        lines += Self.table([["stage"] + used + ["own", ""]] + stages.filter { !$0.librarySeconds.isEmpty }.map { stage in
            [stage.name] + used.map { stage.librarySeconds[$0].map { Self.fixed($0, 3) } ?? "-" }
                + [Self.fixed(stage.ownSeconds, 3), ""]
        })
        let decoded = formats.filter { $0.decodeMeanMs != nil }
        if !decoded.isEmpty {
            lines.append("")
            lines.append("Decode, milliseconds per decoded file by library:")
            lines += Self.table([["format"] + used + ["own", ""]] + decoded.map { format in
                [format.format] + used.map { format.decodeLibraryMs[$0].map { Self.fixed($0, 2) } ?? "-" }
                    + [Self.fixed(format.decodeOwnMs, 2), ""]
            })
        }
        return lines
    }

    /// A spread as `median (min-max)`, each times `scale`; `-` for none.
    static func show(_ spread: Spread?, _ places: Int, scale: Double = 1) -> String {
        guard let spread else { return "-" }
        return "\(fixed(spread.median * scale, places)) (\(fixed(spread.min * scale, places))-\(fixed(spread.max * scale, places)))"
    }

    /// "1 file", "2 files".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A format's failures for its row: "-", or "2 damaged, 1 crashed" (most first).
    public static func failures(_ format: Format) -> String {
        guard format.failed > 0 else { return "-" }
        let classes = format.failures.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        return classes.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }

    static func fixed(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    /// Rows as columns: the first left-aligned, the others right-aligned, two spaces apart.
    static func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell -> String in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 || column == columns - 1 ? cell + pad : pad + cell
            }
            return cells.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }
}
