import Foundation

/// The one line an ingest shows on a terminal, drawn from numbers alone (no clock, no
/// terminal here), so that its shape is a table test.
///
/// Until the total is known a spinner and the counts. Once the count ahead of the walk or the
/// walk itself has finished: a bar, the percentage, the counts, the rates, the time left, the
/// failures, and the file being decoded, cut to the width of the terminal.
struct ProgressLine: Equatable {
    var done: Int
    var found: Int
    var walkFinished: Bool
    /// The files the count ahead of the walk found (`IngestProgress.filesCounted`), if it has ended.
    var counted: Int? = nil
    var failed: Int
    var seconds: Double
    var bytesDecoded: Int64
    var decoding: String?
    /// Counts the spinner's turns (one a redraw).
    var tick: Int = 0

    static let spinner = ["-", "\\", "|", "/"]
    static let barWidth = 20

    /// The files there are in all, once known: the walk's when it has ended, else the count's
    /// (never fewer than the walk has found: files may arrive while it goes on).
    var total: Int? {
        walkFinished ? found : counted.map { max($0, found) }
    }

    func text(width: Int) -> String {
        var parts: [String] = []
        if let total {
            let filled = Int((fraction * Double(Self.barWidth)).rounded(.down))
            parts.append("[" + String(repeating: "#", count: filled) + String(repeating: ".", count: Self.barWidth - filled) + "]")
            parts.append(String(format: "%3d%%", percent))
            parts.append("\(min(done, total))/\(total) files")
        } else {
            parts.append(Self.spinner[tick % Self.spinner.count])
            parts.append("\(done) done / \(found) found")
        }
        parts += rates
        if failed > 0 { parts.append("\(failed) failed") }
        let line = parts.joined(separator: "  ")
        guard let decoding, line.count + 2 < width else {
            return String(line.prefix(max(width - 1, 0))).trimmingCharacters(in: .whitespaces)
        }
        return line + "  " + Self.fitted(Self.fileName(decoding), width: width - 1 - line.count - 2)
    }

    /// The same numbers as a log line, for a log file or a terminal that wants no redrawing.
    var plain: String {
        let progress = total.map { "progress: \(percent)% (\(min(done, $0))/\($0) files)" }
            ?? "progress: \(done) done / \(found) found so far"
        return ([progress] + rates + ["\(failed) failed"]).joined(separator: ", ")
    }

    /// Done over found, at most 1 (skipped entries that are not regular files are outcomes
    /// too); 1 when nothing was found.
    private var fraction: Double {
        let all = total ?? found
        return all > 0 ? min(1, Double(done) / Double(all)) : 1
    }
    private var percent: Int { Int((fraction * 100).rounded(.down)) }
    private var elapsed: Double { max(seconds, 0.001) }

    /// files/s, MB/s and, once the total is known, the time left.
    private var rates: [String] {
        var parts = [String(format: "%.1f files/s", Double(done) / elapsed),
                     String(format: "%.1f MB/s", Double(bytesDecoded) / 1_000_000 / elapsed)]
        if total != nil, let left = secondsLeft { parts.append("ETA " + Self.clock(left)) }
        return parts
    }

    /// Time left at the rate so far; nil before anything is done or once everything is.
    private var secondsLeft: Double? {
        guard let total, done > 0, done < total else { return nil }
        return Double(total - done) * elapsed / Double(done)
    }

    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The name, or its end after an ellipsis when it does not fit (the end tells files apart).
    private static func fitted(_ name: String, width: Int) -> String {
        guard width > 1 else { return "" }
        return name.count <= width ? name : "…" + name.suffix(width - 1)
    }
}
