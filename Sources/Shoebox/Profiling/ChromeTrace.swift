import Foundation

/// A run's timings in the Chrome Trace Event format, for Perfetto (ui.perfetto.dev) or
/// chrome://tracing: `{"traceEvents": [...]}` with one complete ("X") event per file per
/// stage, and one track (`tid`) per worker, named by `thread_name` metadata events.
///
/// Times are microseconds from the start of the run. An event's `name` is the file's name and
/// its `cat` the stage; `args` carry the path, the format, the pixel size, and the time the
/// worker waited for the file and for room after it.
public enum ChromeTrace {
    struct Event: Encodable {
        var name: String
        var cat: String?
        var ph: String
        var ts: Double?
        var dur: Double?
        var pid = 1
        var tid: Int
        var args: Arguments
    }

    struct Arguments: Encodable {
        var name: String?
        var sort_index: Int?
        var path: String?
        var outcome: String?
        var format: String?
        var pixels: String?
        var bytes: Int64?
        var waited_us: Double?
        var blocked_us: Double?
    }

    struct Document: Encodable {
        var traceEvents: [Event]
        var displayTimeUnit = "ms"
    }

    /// The time each library took inside a file's span, as spans nested in it (Perfetto draws
    /// them below it): laid end to end from the span's start, since only their totals are
    /// known, not when within the span each call was made.
    static func libraryEvents(_ timing: StageTiming, tid: Int, from start: UInt64,
                              microseconds: (UInt64) -> Double) -> [Event] {
        var offset: UInt64 = 0
        return TimedLibrary.allCases.compactMap { library in
            guard library.rawValue < timing.libraries.count, timing.libraries[library.rawValue] > 0 else { return nil }
            let duration = timing.libraries[library.rawValue]
            defer { offset += duration }
            return Event(name: library.name, cat: "library", ph: "X", ts: microseconds(start + offset), dur: microseconds(duration),
                         tid: tid, args: Arguments(path: timing.path))
        }
    }

    /// The trace as JSON. `stages` in pipeline order give the tracks' order; `origin` is time zero.
    public static func json(stages: [(name: String, workers: Int)], timings: [StageTiming], origin: UInt64,
                            title: String = "shoebox profile") throws -> Data {
        var events = [Event(name: "process_name", ph: "M", tid: 0, args: Arguments(name: title))]
        var tracks: [String: Int] = [:]
        var next = 1
        for stage in stages {
            for worker in 0..<max(1, stage.workers) {
                let label = stage.workers > 1 ? "\(stage.name) #\(worker)" : stage.name
                tracks["\(stage.name)#\(worker)"] = next
                events.append(Event(name: "thread_name", ph: "M", tid: next, args: Arguments(name: label)))
                events.append(Event(name: "thread_sort_index", ph: "M", tid: next, args: Arguments(sort_index: next)))
                next += 1
            }
        }
        let microseconds = { (nanoseconds: UInt64) in ProfileReport.rounded(Double(nanoseconds) / 1e3, 3) }
        for timing in timings.sorted(by: { $0.start < $1.start }) {
            let key = "\(timing.stage)#\(timing.worker)"
            let tid: Int
            if let known = tracks[key] {
                tid = known
            } else {
                tid = next
                tracks[key] = next
                events.append(Event(name: "thread_name", ph: "M", tid: next, args: Arguments(name: key)))
                next += 1
            }
            events.append(Event(name: (timing.path as NSString).lastPathComponent, cat: timing.stage, ph: "X",
                                ts: microseconds(timing.start &- origin), dur: microseconds(timing.work), tid: tid,
                                args: Arguments(path: timing.path, outcome: timing.outcome.rawValue,
                                                format: timing.format?.rawValue, pixels: timing.pixelSize?.description,
                                                bytes: timing.bytes, waited_us: microseconds(timing.waited),
                                                blocked_us: microseconds(timing.blocked))))
            events += libraryEvents(timing, tid: tid, from: timing.start &- origin, microseconds: microseconds)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(Document(traceEvents: events))
    }
}
