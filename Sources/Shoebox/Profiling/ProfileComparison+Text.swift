import Foundation

extension ProfileComparison {
    /// The comparison as aligned text: the notes, a row per stage and format judged, and the
    /// verdict naming what is slower.
    public var text: String {
        var lines = notes.map { "note: \($0)" }
        lines.append("Against the baseline, time per file (limit +\(Self.percent(maxSlowdown)), plus each profile's noise):")
        let percent = { (value: Double) in (value >= 0 ? "+" : "") + Self.percent(value) }
        lines += ProfileReport.table([["", "", "baseline ms", "now ms", "change", "allowed", ""]] + rows.map { row in
            [row.kind, row.name, ProfileReport.fixed(row.baselineMs, 2), ProfileReport.fixed(row.currentMs, 2),
             percent(row.change), percent(row.allowed), row.isSlower ? "<- slower" : ""]
        })
        if regressions.isEmpty {
            lines.append("Nothing is slower than the baseline allows.")
        } else {
            lines.append("Slower than the baseline: " + regressions.map {
                "\($0.kind) \($0.name) (\(percent($0.change)), allowed \(percent($0.allowed)))"
            }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%.1f%%", fraction * 100)
    }
}
