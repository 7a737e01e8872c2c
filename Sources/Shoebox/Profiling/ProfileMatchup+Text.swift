import Foundation

extension ProfileMatchup {
    /// Each contender's figures, then one column of ratios per contender against the reference.
    public var text: String {
        guard let reference = contenders.first else { return "" }
        let names = contenders.map { "\"\($0.name)\"" }.joined(separator: ", ")
        var lines = ["\(ProfileReport.count(rounds, "round")) after a warm-up round, each running \(names) in turn on the same files."]
        lines.append("")
        lines += ProfileReport.table([["contender", "files", "wall s", "files/s", "MP/s", "peak MiB"]] + contenders.map { contender in
            let report = contender.report, repeats = report.repeats
            return [contender.name, "\(report.files)", ProfileReport.show(repeats?.wallSeconds, 2), ProfileReport.show(repeats?.filesPerSecond, 1),
                    ProfileReport.show(repeats?.megapixelsPerSecond, 1), ProfileReport.show(repeats?.peakResidentBytes, 0, scale: 1 / 1_048_576)]
        })
        let others = contenders.dropFirst()
        guard !others.isEmpty else { return lines.joined(separator: "\n") }
        lines.append("")
        lines.append("Time against \"\(reference.name)\", pair by pair: median ratio (min-max) over the rounds; below 1 is faster.")
        lines.append("Stages: time per file; formats: wall time per decoded file.")
        var rows = [[""] + others.map(\.name)]
        rows.append(["wall"] + others.map { ProfileReport.show($0.ratios?.wallSeconds, 2) })
        for stage in reference.report.stages.map(\.name) {
            rows.append(["stage " + stage] + others.map { ProfileReport.show($0.ratios?.stages.first { $0.name == stage }?.ratio, 2) })
        }
        for format in reference.report.formats.map(\.format) {
            let cells = others.map { ProfileReport.show($0.ratios?.formats.first { $0.name == format }?.ratio, 2) }
            if cells.contains(where: { $0 != "-" }) { rows.append(["format " + format] + cells) }
        }
        lines += ProfileReport.table(rows.map { $0 + [""] })
        return lines.joined(separator: "\n")
    }
}
