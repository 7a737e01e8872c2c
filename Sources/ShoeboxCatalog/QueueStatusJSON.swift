import Foundation

/// The JSON form of a queue's status, as `shoebox status --json` prints it: one object.
///
/// Keys, always present, in this order: `pending`, `claimed`, `done`, `failed`,
/// `windowSeconds`, `workers` (`[{id, host, pid, claimed, oldestClaimSeconds, leaseExpired,
/// finishedInWindow, perMinute}]`; `oldestClaimSeconds` is null for a worker holding no claim).
public enum QueueStatusJSON {
    public static func value(_ status: QueueStatus) -> JSONValue {
        .object([
            ("pending", .int(Int64(status.pending))),
            ("claimed", .int(Int64(status.claimed))),
            ("done", .int(Int64(status.done))),
            ("failed", .int(Int64(status.failed))),
            ("windowSeconds", .number(number(status.windowSeconds))),
            ("workers", .array(status.workers.map { worker($0, status) })),
        ])
    }

    private static func worker(_ worker: QueueStatus.Worker, _ status: QueueStatus) -> JSONValue {
        .object([
            ("id", .string(worker.identity.id)),
            ("host", .string(worker.identity.host)),
            ("pid", .int(Int64(worker.identity.pid))),
            ("claimed", .int(Int64(worker.claimed))),
            ("oldestClaimSeconds", worker.oldestClaimAge.map { .number(number($0)) } ?? .null),
            ("leaseExpired", .bool(worker.hasExpiredLease)),
            ("finishedInWindow", .int(Int64(worker.finishedInWindow))),
            ("perMinute", .number(number(status.perMinute(worker)))),
        ])
    }

    /// Seconds or a rate to the millisecond, as JSON writes a number (`300`, `1.25`).
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }
}
