import Foundation
import Shoebox

/// One contender of `profile --compare`: a pipeline this Shoebox profiles, or another build of
/// Shoebox profiling this one's pipeline (`--compare-binary`: the same settings, written to a
/// file for it, so that only the build differs).
enum ProfileContender {
    case pipeline(PipelineConfiguration)
    case binary(URL, PipelineConfiguration)

    /// How one run ended: its report, or the status the command ends with.
    enum Outcome {
        case report(ProfileReport)
        case stopped(Int32)
    }

    var name: String {
        switch self {
        case let .pipeline(configuration): return configuration.name
        case let .binary(binary, configuration): return "\(binary.path) (\(configuration.name))"
        }
    }

    /// One profile of `roots`: a supervised profile by this binary, or the other build's
    /// `profile --json`. `quiet`: nothing said about failed files.
    func profile(roots: [String], jobs: Int?, quiet: Bool) throws -> Outcome {
        switch self {
        case let .pipeline(configuration):
            switch try ProfileSupervisor.run(configuration, in: ProfileSupervisor.newWorkFolder(), quiet: quiet) {
            case let .profiled(run): return .report(run.report)
            case let .stopped(ending): return .stopped(IngestSupervisor.finish(like: ending))
            }
        case let .binary(binary, configuration):
            return .report(try Self.report(of: binary, configuration: configuration, roots: roots, jobs: jobs, quiet: quiet))
        }
    }

    /// Runs `binary profile ROOTS --pipeline FILE [--jobs N] --json` and reads its report.
    private static func report(of binary: URL, configuration: PipelineConfiguration, roots: [String], jobs: Int?,
                               quiet: Bool) throws -> ProfileReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoebox-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = folder.appendingPathComponent("pipeline.json")
        try JSONEncoder().encode(configuration).write(to: pipeline)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["profile"] + roots + ["--pipeline", pipeline.path, "--json"] + (jobs.map { ["--jobs", "\($0)"] } ?? [])
        // What it says goes to a file, read once it has ended: one pipe to drain, not two.
        let said = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: said.path, contents: nil)
        let errors = try FileHandle(forWritingTo: said)
        defer { try? errors.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CompareBinaryError.cannotRun(path: binary.path, reason: (error as NSError).localizedDescription)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
        if !quiet { stderr.split(separator: "\n").filter { $0.hasPrefix("failed ") || $0.hasPrefix("skipped ") }.forEach { Output.error(String($0)) } }
        guard process.terminationReason == .exit, [0, 1].contains(process.terminationStatus),
              let report = try? JSONDecoder().decode(ProfileReport.self, from: data) else {
            throw CompareBinaryError.noReport(path: binary.path, status: process.terminationStatus,
                                              said: stderr.split(separator: "\n").suffix(3).joined(separator: " / "))
        }
        return report
    }
}
