import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// In a supervised profile process: sends the run to the supervisor as it goes (`ProfileRecord`
/// lines on a descriptor), every `interval` with a sample of resident memory, so that when the
/// process dies on a file its supervisor still knows every file it finished up to the last
/// interval, and goes on without the rest.
///
/// The workers only append to the recorder, as in any profile; the sending happens on the
/// streamer's own queue, one write per interval.
final class ProfileStreamer: @unchecked Sendable {
    private let descriptor: Int32
    private let recorder: ProfileRecorder
    private let lock = NSLock()
    private var sentStages = 0
    private var sentTimings = 0
    private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "shoebox.profile-stream"))

    /// `cpuSeconds`: what the process had used when the recorder started (its start-up).
    init(descriptor: Int32, recorder: ProfileRecorder, cpuSeconds: Double?, interval: TimeInterval = 0.1) {
        self.descriptor = descriptor
        self.recorder = recorder
        send(ProfileRecord.origin(recorder.origin, cpuSeconds: cpuSeconds).line
             + (MemorySampler.residentBytes().map { ProfileRecord.memory(at: MonotonicClock.now(), bytes: $0).line } ?? ""))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    /// Sends what was recorded since the last flush, then `records` (the run's end).
    func finish(with records: [ProfileRecord]) {
        timer.cancel()
        flush()
        send(records.map(\.line).joined())
    }

    private func flush() {
        lock.lock()
        defer { lock.unlock() }
        let stages = recorder.stages(from: sentStages), timings = recorder.timings(from: sentTimings)
        sentStages += stages.count
        sentTimings += timings.count
        var text = stages.map { ProfileRecord.stage(name: $0.name, workers: $0.workers).line }.joined()
        text += timings.map { ProfileRecord.timing($0).line }.joined()
        if let bytes = MemorySampler.residentBytes() { text += ProfileRecord.memory(at: MonotonicClock.now(), bytes: bytes).line }
        send(text)
    }

    /// Writes all of `text` (a pipe takes it in pieces when it is full); a supervisor that is
    /// gone takes this process with it, so a failed write is not retried.
    private func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
