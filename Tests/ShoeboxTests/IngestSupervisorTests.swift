import Foundation
import Testing
@testable import Shoebox

/// `shoebox ingest` is a supervisor and its ingest process: whatever ends the supervisor ends
/// the ingest process with it, and a signal asking it to stop reaches the ingest process.
@Suite struct IngestSupervisorTests {
    /// A batch whose ingest process hangs on `stuck.jpg` (20 s budget), started and left running.
    struct HangingIngest {
        let folder: TemporaryFolder
        let root: URL
        let library: URL
        let supervisor: Process

        /// `extra` arguments go to `shoebox ingest` (`--no-supervise`: the command is the ingest).
        init(_ extra: [String] = []) throws {
            folder = try TemporaryFolder()
            root = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
            try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: root.appendingPathComponent("stuck.jpg"))
            library = folder.url.appendingPathComponent("library")
            supervisor = try ShoeboxBinary.process(["ingest", root.path, "--library", library.path] + extra)
            supervisor.environment?["SHOEBOX_TEST_HANG_ON"] = "stuck"
            supervisor.standardOutput = FileHandle.nullDevice
            supervisor.standardError = FileHandle.nullDevice
            // SIGQUIT's default action writes a core file where the limit allows: not from tests.
            var limit = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
            var noCore = rlimit(rlim_cur: 0, rlim_max: limit.rlim_max)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            defer { setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) }
            try supervisor.run()
        }

        /// The supervisor's child, once it has started.
        func ingestProcess() throws -> pid_t {
            for _ in 0..<200 {
                if let child = Self.children(of: supervisor.processIdentifier).first { return child }
                usleep(50_000)
            }
            throw CocoaError(.executableLoad)
        }

        static func children(of parent: pid_t) -> [pid_t] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(pid_t.init).filter { Self.status(of: $0)?.parent == parent }
        }

        /// State letter and parent pid from /proc/PID/stat; nil once the process is gone.
        static func status(of pid: pid_t) -> (state: Character, parent: pid_t)? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
            return (state, parent)
        }

        /// Waits up to 5 s for `pid` to be past its start: Swift's runtime catches SIGQUIT (and
        /// the crash signals) before `main`, which gives SIGQUIT back its default action.
        static func isPastStartup(_ pid: pid_t) -> Bool {
            for _ in 0..<100 {
                guard let caught = caughtSignals(of: pid) else { return false }
                if caught & (1 << (SIGSEGV - 1)) != 0 && caught & (1 << (SIGQUIT - 1)) == 0 { return true }
                usleep(50_000)
            }
            return false
        }

        /// The `SigCgt` mask of /proc/PID/status: bit N-1 for a caught signal N.
        static func caughtSignals(of pid: pid_t) -> UInt64? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }) else { return nil }
            return UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        }

        /// Waits up to 5 s for `pid` to be gone (or a zombie nobody has reaped yet).
        static func isGone(_ pid: pid_t) -> Bool {
            for _ in 0..<100 {
                guard let status = status(of: pid), status.state != "Z" else { return true }
                usleep(50_000)
            }
            return false
        }
    }

    @Test(.timeLimit(.minutes(1))) func killingTheCommandKillsItsIngestProcessAndFreesTheLibrary() throws {
        let hanging = try HangingIngest()
        let child = try hanging.ingestProcess()
        usleep(500_000)   // the child holds the library's lock by now

        kill(hanging.supervisor.processIdentifier, SIGKILL)

        #expect(HangingIngest.isGone(child), "the ingest process outlived its supervisor")
        hanging.supervisor.waitUntilExit()
        let next = try ShoeboxBinary.run(["ingest", hanging.root.path, "--library", hanging.library.path])
        #expect(next.status == 0)
        #expect(next.output.contains(", failed 0, still failed 0, "))
        let catalog = try SQLiteCatalog(path: hanging.library.appendingPathComponent("catalog.sqlite").path)
        #expect(try catalog.asset(path: IngestPipeline.resolve(hanging.root.appendingPathComponent("stuck.jpg").path))?.status == .ok)
    }

    /// SIGTERM, and SIGQUIT (Ctrl-\\) alike, stop an ingest: Swift's runtime used to catch
    /// SIGQUIT, print a backtrace, and let the ingest run to its end.
    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGQUIT])
    func aStopSignalToTheCommandStopsItsIngestProcessAndNothingRestarts(_ stop: Int32) throws {
        let hanging = try HangingIngest()
        let child = try hanging.ingestProcess()
        #expect(HangingIngest.isPastStartup(child))

        kill(hanging.supervisor.processIdentifier, stop)

        #expect(HangingIngest.isGone(child), "the ingest process went on after signal \(stop)")
        hanging.supervisor.waitUntilExit()
        #expect(hanging.supervisor.terminationReason == .uncaughtSignal && hanging.supervisor.terminationStatus == stop)
        #expect(HangingIngest.children(of: hanging.supervisor.processIdentifier).isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: hanging.library.path)
        #expect(names.filter(CrashLog.isSupervisorLogName) == [], "the command's own crash log is removed before it ends by the signal")
    }

    @Test(.timeLimit(.minutes(1))) func withoutSupervisionSigquitStopsTheIngest() throws {
        let hanging = try HangingIngest(["--no-supervise"])
        let ingest = hanging.supervisor.processIdentifier
        #expect(HangingIngest.isPastStartup(ingest))

        kill(ingest, SIGQUIT)

        #expect(HangingIngest.isGone(ingest), "the ingest went on after SIGQUIT")
        hanging.supervisor.waitUntilExit()
        #expect(hanging.supervisor.terminationReason == .uncaughtSignal && hanging.supervisor.terminationStatus == SIGQUIT)
    }
}
