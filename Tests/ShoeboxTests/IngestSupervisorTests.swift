import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `shoebox ingest` is a supervisor and its ingest process: whatever ends the supervisor ends
/// the ingest process with it, and a signal asking it to stop reaches the ingest process.
@Suite struct IngestSupervisorTests {
    /// A batch whose ingest process hangs on `stuck.jpg` (20 s budget), started and left running.
    /// The hang is announced on standard error (`shoebox test: hanging process PID`): by then
    /// the ingest process is past its start (its signal handlers set) and holds the library.
    struct HangingIngest {
        let folder: TemporaryFolder
        let root: URL
        let library: URL
        let supervisor: Process
        let errors: ChildOutput

        /// `extra` arguments go to `shoebox ingest` (`--no-supervise`: the command is the ingest).
        init(_ extra: [String] = []) throws {
            folder = try TemporaryFolder()
            root = try folder.folder("photos", copying: [Fixtures.sample("panorama.jpg"), Fixtures.sample("tall.jpg")])
            try FileManager.default.copyItem(at: Fixtures.sample("orientation/landscape_1.jpg"), to: root.appendingPathComponent("stuck.jpg"))
            library = folder.url.appendingPathComponent("library")
            supervisor = try ShoeboxBinary.process(["ingest", root.path, "--library", library.path] + extra)
            supervisor.environment?["SHOEBOX_TEST_HANG_ON"] = "stuck"
            supervisor.standardOutput = FileHandle.nullDevice
            let pipe = Pipe()
            supervisor.standardError = pipe
            errors = ChildOutput(pipe)
            // SIGQUIT's default action writes a core file where the limit allows: not from tests.
            var limit = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
            var noCore = rlimit(rlim_cur: 0, rlim_max: limit.rlim_max)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            defer { setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) }
            try supervisor.run()
        }

        /// The process that hangs on `stuck.jpg`, once it says so: the supervisor's child (or the
        /// command itself with `--no-supervise`).
        func hangingProcess() throws -> pid_t {
            let line = try #require(errors.line(containing: "shoebox test: hanging process "), "the ingest never reached stuck.jpg")
            return try #require(pid_t(line.split(separator: " ").last ?? ""))
        }

        /// Whether the command and every process it started are gone: the end of their shared
        /// standard error, which the last of them closes as it dies.
        func allGone() -> Bool { errors.waitForEnd() }

        static func children(of parent: pid_t) -> [pid_t] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(pid_t.init).filter { Self.parent(of: $0) == parent }
        }

        /// The parent pid from /proc/PID/stat; nil once the process is gone.
        static func parent(of pid: pid_t) -> pid_t? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 2 ? pid_t(fields[1]) : nil
        }
    }

    /// To catch a hang, not to time the run: under ThreadSanitizer the TSan-built command and its
    /// ingest process start and run many times slower, four at once on two cores (CI at
    /// 9512eac: all four over one minute, none hung).
    static let limit: TimeLimitTrait.Duration = Fixtures.underSanitizer ? .minutes(10) : .minutes(1)

    @Test(.timeLimit(Self.limit)) func killingTheCommandKillsItsIngestProcessAndFreesTheLibrary() throws {
        let hanging = try HangingIngest()
        let child = try hanging.hangingProcess()
        #expect(HangingIngest.parent(of: child) == hanging.supervisor.processIdentifier)

        kill(hanging.supervisor.processIdentifier, SIGKILL)

        #expect(hanging.allGone(), "the ingest process outlived its supervisor")
        hanging.supervisor.waitUntilExit()
        let next = try ShoeboxBinary.run(["ingest", hanging.root.path, "--library", hanging.library.path])
        #expect(next.status == 0)
        #expect(next.output.contains(", failed 0, still failed 0, "))
        let catalog = try SQLiteCatalog(path: hanging.library.appendingPathComponent("catalog.sqlite").path)
        #expect(try catalog.asset(path: IngestPipeline.resolve(hanging.root.appendingPathComponent("stuck.jpg").path))?.status == .ok)
    }

    /// SIGTERM, and SIGQUIT (Ctrl-\\) alike, stop an ingest: Swift's runtime used to catch
    /// SIGQUIT, print a backtrace, and let the ingest run to its end.
    @Test(.timeLimit(Self.limit), arguments: [SIGTERM, SIGQUIT])
    func aStopSignalToTheCommandStopsItsIngestProcessAndNothingRestarts(_ stop: Int32) throws {
        let hanging = try HangingIngest()
        let child = try hanging.hangingProcess()
        #expect(HangingIngest.parent(of: child) == hanging.supervisor.processIdentifier)

        kill(hanging.supervisor.processIdentifier, stop)

        #expect(hanging.allGone(), "the ingest process went on after signal \(stop)")
        hanging.supervisor.waitUntilExit()
        #expect(hanging.supervisor.terminationReason == .uncaughtSignal && hanging.supervisor.terminationStatus == stop)
        #expect(HangingIngest.children(of: hanging.supervisor.processIdentifier).isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: hanging.library.path)
        #expect(names.filter(CrashLog.isSupervisorLogName) == [], "the command's own crash log is removed before it ends by the signal")
    }

    /// Stopped by the person, the command says last how far it got and how to go on. (Which of
    /// the two other files were done when the third hung depends on the workers' pace; the
    /// wording is `StoppedLineTests`'.)
    @Test(.timeLimit(Self.limit)) func aStoppedIngestSaysHowFarItGot() throws {
        let hanging = try HangingIngest()
        _ = try hanging.hangingProcess()

        kill(hanging.supervisor.processIdentifier, SIGTERM)

        let line = try #require(hanging.errors.line(containing: "stopped: "))
        #expect(hanging.allGone())
        hanging.supervisor.waitUntilExit()
        #expect(line.wholeMatch(of: #/stopped: ([0-2] of 3 files|[0-2] files?) done; run the same command again to go on/#) != nil, "\(line)")
    }

    @Test(.timeLimit(Self.limit)) func withoutSupervisionSigquitStopsTheIngest() throws {
        let hanging = try HangingIngest(["--no-supervise"])
        let ingest = try hanging.hangingProcess()
        #expect(ingest == hanging.supervisor.processIdentifier)

        kill(ingest, SIGQUIT)

        #expect(hanging.allGone(), "the ingest went on after SIGQUIT")
        hanging.supervisor.waitUntilExit()
        #expect(hanging.supervisor.terminationReason == .uncaughtSignal && hanging.supervisor.terminationStatus == SIGQUIT)
    }
}
