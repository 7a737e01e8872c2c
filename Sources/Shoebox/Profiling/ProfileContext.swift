import Foundation

/// What a profile was measured on, recorded in its JSON so that a later `--baseline` check
/// knows whether it compares like with like: the machine, the files, the pipeline.
public struct ProfileContext: Codable, Equatable, Sendable {
    /// The processor's model, cores and memory: `Intel(R) Xeon(R) ... , 2 cores, 24 GiB`.
    public var machine: String
    /// The files as the profile saw them: per format, how many, decoded and failed, their bytes
    /// and megapixels, as a digest. Where the files are does not count (a CI job's checkout
    /// moves); what they are and what became of them does.
    public var fileSet: String
    /// The pipeline's settings as a digest (its name is the report's `pipeline`).
    public var pipelineDigest: String

    public init(machine: String, fileSet: String, pipelineDigest: String) {
        self.machine = machine
        self.fileSet = fileSet
        self.pipelineDigest = pipelineDigest
    }

    /// The context of `report`, made with `configuration` on this machine.
    public init(report: ProfileReport, configuration: PipelineConfiguration) {
        let formats = report.formats.map { format in
            "\(format.format)\t\(format.files)\t\(format.decoded)\t\(format.failed)\t\(format.bytes)\t\(format.megapixels)"
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let settings = (try? encoder.encode(configuration)).map { String(decoding: $0, as: UTF8.self) } ?? configuration.name
        self.init(machine: Self.thisMachine(),
                  fileSet: "\(report.files) files, \(report.bytes) bytes, "
                      + ContentHasher.hash(([report.files, report.skipped].map(String.init) + formats).joined(separator: "\n")),
                  pipelineDigest: ContentHasher.hash(settings))
    }

    /// This machine, as `machine` says it.
    static func thisMachine() -> String {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
        let gibibytes = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(Int(gibibytes.rounded())) GiB"
    }
}
