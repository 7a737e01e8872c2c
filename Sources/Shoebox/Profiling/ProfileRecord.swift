import Foundation

/// One line of what a supervised profile process tells its supervisor as it runs: enough for
/// the supervisor to build the report of files finished before the process died on a file.
///
/// A line is tab-separated fields, the path last and escaped (`\\`, `\n`, `\t`), so a line
/// holds one record whatever the file's name. Numbers are checked when read back: a line that
/// does not parse is an error (`ProfileRecordError`), never a guess.
public enum ProfileRecord: Equatable, Sendable {
    /// Time zero of the process's run, on `MonotonicClock`, and the CPU seconds the process had
    /// used by then (its start, not part of what is measured), when known.
    case origin(UInt64, cpuSeconds: Double?)
    /// A stage started, with its workers.
    case stage(name: String, workers: Int)
    case timing(StageTiming)
    /// Resident memory at a moment (on `MonotonicClock`).
    case memory(at: UInt64, bytes: Int64)
    /// What the walk said about a root (it could not be read, it is the library...).
    case rootWarning(String)
    /// The run ended: its wall time (nanoseconds), CPU seconds and peak memory when known,
    /// its decode workers and the roots it could not read.
    case end(wall: UInt64, cpuSeconds: Double?, peakResidentBytes: Int64?, decodeWorkers: Int, unreadableRoots: Int)

    public var line: String {
        switch self {
        case let .origin(time, cpu): return "O\t\(time)\t\(cpu.map { "\($0)" } ?? "-")\n"
        case let .stage(name, workers): return "S\t\(workers)\t\(Self.escaped(name))\n"
        case let .timing(t):
            let fields: [String] = ["T", t.stage, "\(t.worker)", t.outcome.rawValue, t.format?.rawValue ?? "-",
                                    "\(t.pixelSize?.width ?? 0)", "\(t.pixelSize?.height ?? 0)", "\(t.bytes)",
                                    t.failure?.rawValue ?? "-", "\(t.start)", "\(t.work)", "\(t.waited)", "\(t.blocked)",
                                    Self.libraryField(t.libraries), Self.escaped(t.path)]
            return fields.joined(separator: "\t") + "\n"
        case let .memory(at, bytes): return "M\t\(at)\t\(bytes)\n"
        case let .rootWarning(text): return "W\t\(Self.escaped(text))\n"
        case let .end(wall, cpu, peak, workers, unreadable):
            return "E\t\(wall)\t\(cpu.map { "\($0)" } ?? "-")\t\(peak.map { "\($0)" } ?? "-")\t\(workers)\t\(unreadable)\n"
        }
    }

    /// Reads one line (without its newline) back.
    public init(line: Substring) throws {
        // Split on the byte: a name that begins with a combining mark would join its tab into one Character.
        let fields = line.utf8.split(separator: 0x09, maxSplits: 14, omittingEmptySubsequences: false).map { Substring($0) }
        let bad = ProfileRecordError.malformed(String(line.prefix(200)))
        func number<N: FixedWidthInteger>(_ index: Int, _: N.Type = N.self) throws -> N {
            guard index < fields.count, let value = N(fields[index]), value >= 0 else { throw bad }
            return value
        }
        func optional<T>(_ index: Int, _ parse: (Substring) -> T?) throws -> T? {
            guard index < fields.count else { throw bad }
            if fields[index] == "-" { return nil }
            guard let value = parse(fields[index]) else { throw bad }
            return value
        }
        switch fields.first {
        case "O" where fields.count == 3: self = .origin(try number(1), cpuSeconds: try optional(2, Self.seconds))
        case "S" where fields.count == 3: self = .stage(name: Self.unescaped(fields[2]), workers: try number(1))
        case "M" where fields.count == 3: self = .memory(at: try number(1), bytes: try number(2))
        case "W" where fields.count == 2: self = .rootWarning(Self.unescaped(fields[1]))
        case "E" where fields.count == 6:
            let cpu: Double? = try optional(2, Self.seconds)
            self = .end(wall: try number(1), cpuSeconds: cpu, peakResidentBytes: try optional(3) { Int64($0) },
                        decodeWorkers: try number(4), unreadableRoots: try number(5))
        case "T" where fields.count == 15:
            guard let outcome = StageTiming.Outcome(rawValue: String(fields[3])) else { throw bad }
            let format = try optional(4) { MediaFormat(rawValue: String($0)) }
            let failure = try optional(8) { ErrorClass(rawValue: String($0)) }
            let width: Int = try number(5), height: Int = try number(6)
            var timing = StageTiming(stage: String(fields[1]), worker: try number(2), path: Self.unescaped(fields[14]),
                                     outcome: outcome, format: format,
                                     pixelSize: width > 0 && height > 0 ? PixelSize(width: width, height: height) : nil,
                                     bytes: try number(7), failure: failure, start: try number(9), work: try number(10),
                                     waited: try number(11), blocked: try number(12))
            guard let libraries = Self.libraries(fields[13]) else { throw bad }
            timing.libraries = libraries
            self = .timing(timing)
        default: throw bad
        }
    }

    /// Nanoseconds by library as one field: `-` for none, else `index:nanoseconds` pairs.
    static func libraryField(_ libraries: [UInt64]) -> String {
        guard libraries.contains(where: { $0 > 0 }) else { return "-" }
        return libraries.enumerated().filter { $0.element > 0 }.map { "\($0.offset):\($0.element)" }.joined(separator: ",")
    }

    /// The field `libraryField` wrote, checked: each index a known library, once.
    private static func libraries(_ field: Substring) -> [UInt64]? {
        guard field != "-" else { return [] }
        var times = [UInt64](repeating: 0, count: TimedLibrary.allCases.count)
        for pair in field.split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let index = Int(parts[0]), times.indices.contains(index), times[index] == 0,
                  let nanoseconds = UInt64(parts[1]), nanoseconds > 0 else { return nil }
            times[index] = nanoseconds
        }
        return times
    }

    /// A count of seconds: finite, not negative.
    private static func seconds(_ field: Substring) -> Double? {
        Double(field).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// Every record of `bytes` (whole lines; a last line without its newline is left out: the
    /// process died while writing it).
    public static func records(in bytes: some Collection<UInt8>) throws -> [ProfileRecord] {
        // Split on the byte: a path ending in "\r" would join its newline into one Character.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        lines.removeLast()   // after the last newline: empty, or a line cut short
        return try lines.map { try ProfileRecord(line: Substring(decoding: $0, as: UTF8.self)) }
    }

    /// `text` with `\\`, newline and tab escaped: one field of one line.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A || $0 == 0x09 }) else { return text }
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func unescaped(_ text: Substring) -> String {
        guard text.utf8.contains(0x5C) else { return String(text) }
        var bytes: [UInt8] = [], escaping = false
        for byte in text.utf8 {
            if escaping {
                bytes.append(byte == UInt8(ascii: "n") ? 0x0A : byte == UInt8(ascii: "t") ? 0x09 : byte)
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
