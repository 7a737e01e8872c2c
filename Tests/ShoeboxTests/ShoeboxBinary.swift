import Dispatch
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

    /// Signals a user sends to stop a command, given back their default action in this process
    /// before it starts any: a process inherits signals its parent ignores, and a suite started
    /// from a script's background job (or under `nohup`) ignores SIGINT and SIGQUIT (SIGHUP),
    /// which the tests send to `shoebox` and expect to act as they do in a terminal.
    private static let stopSignalsAtDefault: Void = {
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP] {
            var current = sigaction()
            if sigaction(number, nil, &current) == 0,
               unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(number, SIG_DFL)
            }
        }
    }()

    /// A process ready to run `shoebox ARGUMENTS` with this repository's pipelines.
    static func process(_ arguments: [String]) throws -> Process {
        _ = stopSignalsAtDefault
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SHOEBOX_PIPELINES"] = Fixtures.repository.appendingPathComponent("pipelines").path
        environment["SHOEBOX_CATALOG"] = nil   // a developer's own catalog is never the tests'
        process.environment = environment
        return process
    }

    /// What one run printed and how it ended.
    struct Result {
        /// The exit status, or the signal's number when `signalled`.
        var status: Int32
        var output: String
        var errors: String
        var signalled = false
    }

    /// Runs `shoebox ARGUMENTS` to its end; standard error is read while standard output is,
    /// so a chatty run cannot fill a pipe and hang. `environment` adds to the inherited one.
    /// A `launcher` (a program and its arguments, such as `setpriv ...`) runs shoebox instead,
    /// as the `executable` given (a copy another user may run), else the built one.
    static func run(_ arguments: [String], environment: [String: String] = [:], launcher: [String] = [],
                    executable: URL? = nil) throws -> Result {
        let process = try process(arguments)
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [(executable ?? url).path] + arguments
        }
        process.environment?.merge(environment) { _, new in new }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorData = ErrorData()
        let readErrors = DispatchGroup()
        DispatchQueue.global().async(group: readErrors) { errorData.value = errors.fileHandleForReading.readDataToEndOfFile() }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        readErrors.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                      errors: String(decoding: errorData.value, as: UTF8.self),
                      signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Standard error's bytes, handed from the reading thread (which ends before they are read).
    private final class ErrorData: @unchecked Sendable {
        var value = Data()
    }
}
