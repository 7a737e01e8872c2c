import Foundation

/// The built `shoebox` executable, run by the end-to-end tests as a user runs it.
enum ShoeboxBinary {
    /// Found beside the test bundle in the build folder, whichever build folder that is.
    static let url: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while folder.path != "/" {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("shoebox")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return Fixtures.repository.appendingPathComponent(".build/debug/shoebox")
    }()

    /// A process ready to run `shoebox ARGUMENTS` with this repository's pipelines.
    static func process(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SHOEBOX_PIPELINES"] = Fixtures.repository.appendingPathComponent("pipelines").path
        process.environment = environment
        return process
    }
}
