import Foundation
import Shoebox
#if canImport(Glibc)
import Glibc
#endif

/// Tells a person how an ingest goes, on standard error, in one of three styles:
/// - `bar`: a terminal: one line redrawn in place (`ProgressLine`) five times a second, with
///   the failed, skipped, moved and missing files logged above it;
/// - `lines`: not a terminal, `NO_COLOR` or `TERM=dumb`: one plain line per ingested, moved,
///   failed, skipped or missing file, and a progress line every `plainInterval` seconds;
/// - `quiet` (`--quiet`): failures only.
/// Unchanged files stay quiet in every style.
final class ProgressReporter: @unchecked Sendable {
    enum Style: Equatable { case bar, lines, quiet }

    private let style: Style
    private let progress: IngestProgress
    private let found: () -> Int
    private let started = Date()
    private let plainInterval: TimeInterval = 10
    private let lock = NSLock()
    private var done = 0
    private var failed = 0
    private var tick = 0
    private var lastPlainLine = Date()
    private var timer: DispatchSourceTimer?

    init(style: Style, progress: IngestProgress, found: @escaping () -> Int) {
        (self.style, self.progress, self.found) = (style, progress, found)
        if style == .bar { startRedrawing() }
    }

    /// The style for this process: `quiet` when asked, `bar` only on a terminal that may be
    /// redrawn, `lines` otherwise.
    static func style(quiet: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Style {
        if quiet { return .quiet }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        return isatty(STDERR_FILENO) != 0 && !noColor && !dumb ? .bar : .lines
    }

    func report(_ event: IngestEvent) {
        lock.withLock {
            if case .missing = event {} else { done += 1 }
            if case .failed = event { failed += 1 }
            guard let line = logLine(event) else { return }
            switch style {
            case .bar:
                if case .ingested = event { return }
                write("\r\u{1B}[K" + TerminalText.printable(line) + "\n")
            case .lines:
                write(TerminalText.printable(line) + "\n")
                if Date().timeIntervalSince(lastPlainLine) >= plainInterval {
                    lastPlainLine = Date()
                    write(snapshot().plain + "\n")
                }
            case .quiet:
                if case .failed = event { write(TerminalText.printable(line) + "\n") }
            }
        }
    }

    /// Stops redrawing; a terminal keeps the last line, complete.
    func finish() {
        timer?.cancel()
        lock.withLock {
            if style == .bar { write("\r\u{1B}[K" + snapshot(decoding: false).text(width: Self.terminalWidth()) + "\n") }
        }
    }

    private func logLine(_ event: IngestEvent) -> String? {
        switch event {
        case let .ingested(path, kind, size): return "ingested \(path) (\(kind.rawValue), \(size))"
        case .unchanged, .stillFailed: return nil
        case let .relocated(_, path): return "known content, catalog updated: \(path)"
        case let .failed(error): return "failed \(error)"
        case let .skipped(path, reason): return "skipped \(path): \(reason)"
        case let .missing(path): return "missing \(path)"
        }
    }

    private func startRedrawing() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "shoebox.progress"))
        timer.schedule(deadline: .now() + 0.2, repeating: 0.2)
        timer.setEventHandler { [weak self] in self?.redraw() }
        timer.resume()
        self.timer = timer
    }

    private func redraw() {
        lock.withLock {
            tick += 1
            write("\r\u{1B}[K" + snapshot().text(width: Self.terminalWidth()))
        }
    }

    private func snapshot(decoding: Bool = true) -> ProgressLine {
        ProgressLine(done: done, found: found(), walkFinished: progress.walkFinished, counted: progress.filesCounted, failed: failed,
                     seconds: Date().timeIntervalSince(started), bytesDecoded: progress.bytesDecoded,
                     decoding: decoding ? progress.decoding.map(TerminalText.printable) : nil, tick: tick)
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }
}
