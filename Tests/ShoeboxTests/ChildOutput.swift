import Foundation

/// What a child process writes to a pipe, read as it comes: the tests wait on the child's own
/// words (a line it prints when it reaches a point) and on the pipe's end (every process that
/// held its write end is gone), never on sleeps. Each wait gives up after `timeout` seconds,
/// a limit for a broken run, not a pace: a busy machine only makes the wait longer.
final class ChildOutput {
    private let handle: FileHandle
    private var buffered = Data()
    private var ended = false

    /// Reads `pipe`; the caller has given its write end to the child and must not keep it
    /// open itself (Foundation's `Process.run` closes the parent's copy).
    init(_ pipe: Pipe) { handle = pipe.fileHandleForReading }

    /// The first whole line that contains `text`, or nil when the pipe ends (or `timeout`
    /// passes) first. Lines before it are passed over.
    func line(containing text: String, timeout: TimeInterval = 60) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                if line.contains(text) { return line }
            }
            guard !ended, readMore(until: deadline) else { return nil }
        }
    }

    /// Whether the pipe ended (every writer gone) within `timeout` seconds; what comes before
    /// the end is passed over.
    func waitForEnd(timeout: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !ended {
            guard readMore(until: deadline) else { return ended }
            buffered.removeAll()
        }
        return true
    }

    /// Waits for the pipe to be readable, then reads what is there; false at the deadline.
    private func readMore(until deadline: Date) -> Bool {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { return false }
        var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(left * 1000, Double(Int32.max))))
        if ready < 0 && errno == EINTR { return true }
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(handle.fileDescriptor, &chunk, chunk.count)
        if count < 0 { return errno == EINTR }
        if count == 0 { ended = true } else { buffered.append(contentsOf: chunk[..<count]) }
        return true
    }
}
