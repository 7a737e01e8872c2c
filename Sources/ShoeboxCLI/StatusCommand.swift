import Foundation
import Shoebox

/// `shoebox status`: how the shared work queue of a PostgreSQL catalog stands.
enum StatusCommand: Command {
    static let name = "status"
    static let abstract = "Show the work queue of a PostgreSQL catalog: pending, claimed, done, failed, per worker."
    static let help = """
        OVERVIEW: \(abstract)
        Workers ingesting into one PostgreSQL catalog share its work queue (docs/CATALOG.md, "The work queue"). Without
        --json: four lines `pending N`, `claimed N`, `done N`, `failed N` (tab-separated), then one
        line per worker holding claims or having finished files within the window: `worker`, host,
        pid, worker id, claims held, seconds since its oldest claim (- when none), its leases (ok,
        expired: another worker's next claim takes the file, - when none), files finished (done or
        failed) within the window, and that per minute. An SQLite catalog has no queue (one machine
        ingests into it): status says so and exits 1.

        USAGE: shoebox status [--library DIR] [--catalog URL] [--window MINUTES] [--json]

        OPTIONS:
        \(LibraryOption.help)
        \(CatalogOption.help)
          --window MINUTES        The span throughput is counted over (default: 5).
          --json                  One JSON object: pending, claimed, done, failed, windowSeconds,
                                  workers ([{id, host, pid, claimed, oldestClaimSeconds,
                                  leaseExpired, finishedInWindow, perMinute}]).
          -h, --help              Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "--window"], flags: ["--json"])
        guard args.positionals.isEmpty else { throw UsageError("status takes no arguments") }
        let window = try minutes(args.value("--window") ?? "5")
        let library = LibraryOption.library(args)
        let catalog = try CatalogOption.open(args, library: library)
        guard let queue = catalog.workQueue else {
            throw StatusError.noQueue(catalog: try CatalogOption.location(args, library: library).description)
        }
        let status = try queue.status(window: window)
        if args.has("--json") {
            Output.line(QueueStatusJSON.value(status).text)
        } else {
            lines(status).forEach { Output.line($0) }
        }
        return ExitStatus.success
    }

    private static func minutes(_ text: String) throws -> Duration {
        guard let minutes = Int(text), minutes > 0, minutes <= 10_080 else {
            throw UsageError("--window takes whole minutes from 1 to 10080, not \(TerminalText.printable(text))")
        }
        return .seconds(minutes * 60)
    }

    static func lines(_ status: QueueStatus) -> [String] {
        ["pending\t\(status.pending)", "claimed\t\(status.claimed)", "done\t\(status.done)", "failed\t\(status.failed)"]
            + status.workers.map { line($0, status) }
    }

    private static func line(_ worker: QueueStatus.Worker, _ status: QueueStatus) -> String {
        let age = worker.oldestClaimAge.map { String(format: "%.1f", $0) } ?? "-"
        let leases = worker.claimed == 0 ? "-" : (worker.hasExpiredLease ? "expired" : "ok")
        let fields = ["worker", TerminalText.printable(worker.identity.host), "\(worker.identity.pid)",
                      TerminalText.printable(worker.identity.id), "\(worker.claimed)", age, leases,
                      "\(worker.finishedInWindow)", String(format: "%.1f", status.perMinute(worker))]
        return fields.joined(separator: "\t")
    }
}
