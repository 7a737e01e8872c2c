import Foundation
import Shoebox

/// Tells a person how an ingest goes: one refreshed line on a terminal, plain log lines
/// otherwise (one per ingested, moved, failed or skipped file; unchanged files stay quiet).
final class ProgressReporter {
    private let interactive: Bool
    private let discovered: () -> Int
    private let started = Date()
    private var done = 0
    private var lastDraw = Date.distantPast

    init(interactive: Bool, discovered: @escaping () -> Int) {
        self.interactive = interactive
        self.discovered = discovered
    }

    func report(_ event: IngestEvent) {
        if case .skipped = event {} else { done += 1 }
        if let line = logLine(event) {
            if interactive { clearLine() }
            if interactive, case .ingested = event {} else { Output.error(line) }
        }
        if interactive && Date().timeIntervalSince(lastDraw) > 0.1 { draw() }
    }

    func finish() {
        if interactive { draw(); FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private func logLine(_ event: IngestEvent) -> String? {
        switch event {
        case let .ingested(path, kind, size): return "ingested \(path) (\(kind.rawValue), \(size))"
        case .unchanged, .stillFailed: return nil
        case let .relocated(_, path): return "known content, catalog updated: \(path)"
        case let .failed(error): return "failed \(error)"
        case let .skipped(path, reason): return "skipped \(path): \(reason)"
        }
    }

    private func draw() {
        lastDraw = Date()
        let elapsed = max(lastDraw.timeIntervalSince(started), 0.001)
        let line = "\(done) done / \(discovered()) found, \(String(format: "%.1f", Double(done) / elapsed)) files/s"
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    }

    private func clearLine() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
