import Dispatch
import Foundation

/// One `shoebox ingest --json` worker running in the background, for the queue tests: its
/// standard output is read line by line as it comes, so a test can wait until the worker has
/// done something (`waitForEvents`) and then act on it, without sleeping; so is its standard
/// error (`waitForErrorLine`). A watchdog kills it after `limit` seconds, so a test that goes
/// wrong ends.
final class WorkerProcess: @unchecked Sendable {
    let process: Process
    private let condition = NSCondition()
    private var lines: [String] = []
    private var errorLines: [String] = []
    private var outputEnded = false
    private var errorsEnded = false
    private let readers = DispatchGroup()
    private var killedAtLimit = false

    init(_ arguments: [String], environment: [String: String] = [:], limit: Double = 240) throws {
        process = try ShoeboxBinary.process(arguments)
        process.environment?.merge(environment) { _, new in new }
        let output = Pipe(), errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
        // A thread of its own for each pipe: Dispatch's global queues run on as many threads as
        // there are cores, and readers blocked in `read` there starved each other's lines.
        for (handle, kept, ended) in [(output.fileHandleForReading, \WorkerProcess.lines, \WorkerProcess.outputEnded),
                                      (errorPipe.fileHandleForReading, \WorkerProcess.errorLines, \WorkerProcess.errorsEnded)] {
            readers.enter()
            Thread {
                self.readLines(handle, into: kept, ended: ended)
                self.readers.leave()
            }.start()
        }
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [weak self] in
            guard let self, self.process.isRunning else { return }
            self.condition.withLock { self.killedAtLimit = true }
            kill(pid, SIGKILL)
        }
    }

    private func readLines(_ handle: FileHandle, into kept: ReferenceWritableKeyPath<WorkerProcess, [String]>,
                           ended: ReferenceWritableKeyPath<WorkerProcess, Bool>) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                condition.withLock {
                    self[keyPath: kept].append(line)
                    condition.broadcast()
                }
            }
        }
        condition.withLock {
            if !pending.isEmpty { self[keyPath: kept].append(String(decoding: pending, as: UTF8.self)) }
            self[keyPath: ended] = true
            condition.broadcast()
        }
    }

    /// Waits until the worker has reported `count` events named `event` (or its output ended);
    /// true when it has.
    @discardableResult
    func waitForEvents(_ event: String, count: Int) -> Bool {
        condition.withLock {
            while events(event) < count && !outputEnded { condition.wait() }
            return events(event) >= count
        }
    }

    /// Waits until the worker has printed a line on standard error that contains `text` (or its
    /// standard error ended); true when it has.
    @discardableResult
    func waitForErrorLine(containing text: String) -> Bool {
        condition.withLock {
            while !errorLines.contains(where: { $0.contains(text) }) && !errorsEnded { condition.wait() }
            return errorLines.contains { $0.contains(text) }
        }
    }

    /// Waits until the worker has printed a line on standard output that contains `text` (or
    /// its standard output ended); true when it has.
    @discardableResult
    func waitForLine(containing text: String) -> Bool {
        condition.withLock {
            while !lines.contains(where: { $0.contains(text) }) && !outputEnded { condition.wait() }
            return lines.contains { $0.contains(text) }
        }
    }

    /// The last line the worker has printed so far on standard error that contains `text`.
    func lastErrorLine(containing text: String) -> String? {
        condition.withLock { errorLines.last { $0.contains(text) } }
    }

    /// Whether the watchdog killed the worker, `limit` seconds after its start: a failure to
    /// explain by a slow machine, not by the worker.
    var wasKilledAtLimit: Bool { condition.withLock { killedAtLimit } }

    /// How many lines the worker has printed so far on standard error that contain `text`.
    func errorLineCount(containing text: String) -> Int {
        condition.withLock { errorLines.filter { $0.contains(text) }.count }
    }

    private func events(_ event: String) -> Int {
        lines.filter { $0.hasPrefix("{\"event\":\"\(event)\"") }.count
    }

    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Sends `signal` to the worker's supervisor and to its child, the ingest process (SIGSTOP
    /// to one leaves the other running); returns how many processes it reached.
    @discardableResult
    func signalWithChildren(_ signal: Int32) -> Int {
        let supervisor = process.processIdentifier
        let processes = [supervisor] + IngestSupervisorTests.HangingIngest.children(of: supervisor)
        return processes.filter { kill($0, signal) == 0 }.count
    }

    /// Waits for the worker's end: how it ended, with everything it printed.
    func finish() -> ShoeboxBinary.Result {
        readers.wait()
        process.waitUntilExit()
        return condition.withLock {
            ShoeboxBinary.Result(status: process.terminationStatus, output: lines.joined(separator: "\n"),
                                 errors: errorLines.map { $0 + "\n" }.joined(),
                                 signalled: process.terminationReason == .uncaughtSignal)
        }
    }

    /// The count the worker's summary line gives for `field` (`ingested`, `failed`...), or nil
    /// when it printed no summary.
    static func summaryCount(_ result: ShoeboxBinary.Result, _ field: String) -> Int? {
        guard let line = result.output.split(separator: "\n").last(where: { $0.hasPrefix("{\"event\":\"summary\"") }),
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return object[field] as? Int
    }
}
