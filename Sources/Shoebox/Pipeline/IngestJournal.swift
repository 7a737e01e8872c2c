import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the earlier processes of one supervised `shoebox ingest` did, file by file, so that the
/// process that finishes the batch counts every file exactly once and never decodes again a
/// file the command has already recorded as failed.
///
/// The supervisor makes the journal (`create`): an unlinked temporary file, gone when the last
/// process holding it exits, whose descriptor every process it starts inherits. Each process
/// reads what the earlier ones wrote (`earlier`) and appends one record per file it ingests,
/// moves, fails or skips, once the catalog has it. A record is one `write(2)`, so a crash
/// leaves at most the last one cut short, and it is ignored. Safe to use from any thread.
public final class IngestJournal: @unchecked Sendable {
    /// A file's outcome that a later process must count instead of seeing it again.
    public enum Outcome: UInt8, Sendable {
        case ingested = 0x69   // "i"
        case relocated = 0x72  // "r"
        case failed = 0x66     // "f"
        case skipped = 0x73    // "s"
    }

    /// The inherited descriptor (read-write, appending).
    public let descriptor: Int32
    /// When the command began: the summary's time and rate cover every process of it.
    public let started: Date
    /// The outcomes earlier processes recorded, by path (the last one for a path wins).
    public let earlier: [Key: Outcome]

    /// A path as a key: its bytes' XXH3-128 (16 bytes), so that the files carried past a
    /// restart do not cost their paths' memory. Byte for byte: NFC and NFD spellings of a name
    /// are two keys.
    public struct Key: Hashable, Sendable {
        let high: UInt64, low: UInt64

        public init(path: String) {
            (high, low) = ContentHasher.digest(path)
        }
    }

    private static let magic = Array("shoebox-journal ".utf8)

    /// Makes an empty journal for a new command, in the temporary folder, already unlinked.
    public static func create() throws -> IngestJournal {
        var template = Array((NSTemporaryDirectory() + "/shoebox-journal-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw IngestJournalError.cannotCreate(reason: String(cString: strerror(errno))) }
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND)
        let header = magic + Array("\(Int64(Date().timeIntervalSince1970 * 1_000_000_000))\n".utf8)
        guard header.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == header.count else {
            close(fd)
            throw IngestJournalError.cannotCreate(reason: String(cString: strerror(errno)))
        }
        return try IngestJournal(descriptor: fd)
    }

    /// Reads the journal behind an inherited descriptor, 64 KiB at a time.
    public init(descriptor: Int32) throws {
        self.descriptor = descriptor
        var pending: [UInt8] = [], offset: off_t = 0, chunk = [UInt8](repeating: 0, count: 65536)
        var started: Date?, outcomes: [Key: Outcome] = [:]
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw IngestJournalError.unreadable(descriptor: descriptor, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            offset += off_t(n)
            pending += chunk[..<n]
            if started == nil {
                guard let newline = pending.firstIndex(of: 10) else { continue }
                guard pending.starts(with: Self.magic),
                      let nanoseconds = Int64(String(decoding: pending[Self.magic.count..<newline], as: UTF8.self)) else {
                    throw IngestJournalError.unreadable(descriptor: descriptor, reason: "not a Shoebox journal")
                }
                started = Date(timeIntervalSince1970: Double(nanoseconds) / 1_000_000_000)
                pending.removeSubrange(...newline)
            }
            let used = Self.parse(pending[...], into: &outcomes)
            pending.removeSubrange(..<used)
        }
        guard let started else { throw IngestJournalError.unreadable(descriptor: descriptor, reason: "not a Shoebox journal") }
        self.started = started
        earlier = outcomes
    }

    /// Records are `<outcome letter><byte count>:<path bytes>\n`: a path may hold any byte but
    /// NUL. Parses the whole records at the start of `bytes`; returns how many bytes they took
    /// (the rest is a record still to come, or one cut short by a crash).
    private static func parse(_ bytes: ArraySlice<UInt8>, into outcomes: inout [Key: Outcome]) -> Int {
        var rest = bytes
        while let letter = rest.first, let outcome = Outcome(rawValue: letter),
              let colon = rest.firstIndex(of: 58),
              let count = Int(String(decoding: rest[(rest.startIndex + 1)..<colon], as: UTF8.self)),
              count >= 0, count < rest.count, colon + 1 + count < rest.endIndex, rest[colon + 1 + count] == 10 {
            outcomes[Key(path: String(decoding: rest[(colon + 1)..<(colon + 1 + count)], as: UTF8.self))] = outcome
            rest = rest[(colon + 2 + count)...]
        }
        return rest.startIndex - bytes.startIndex
    }

    /// Appends one file's outcome (after the catalog recorded it).
    public func record(_ outcome: Outcome, path: String) {
        let record = [outcome.rawValue] + Array("\(path.utf8.count):".utf8) + Array(path.utf8) + [10]
        _ = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
