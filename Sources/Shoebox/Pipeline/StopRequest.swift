import CCrashGuard

/// A graceful stop asked of a queue worker by SIGINT, SIGTERM or SIGHUP: once `install`ed,
/// those signals no longer end the process at once; the worker stops claiming, finishes the
/// files in its pipeline, gives back the claims it has not started, and then ends by the
/// signal (`endBy`), as an ingest without a queue does at once. docs/CATALOG.md, "The work queue".
public enum StopRequest {
    /// From now on, a stop signal is remembered instead of ending the process.
    public static func install() {
        sb_stop_requests_install()
    }

    /// The stop signal received, or nil.
    public static var signal: Int32? {
        let received = sb_stop_requested()
        return received == 0 ? nil : received
    }

    public static var isRequested: Bool { signal != nil }

    /// Ends the process by `signal`'s default action: the status a shell shows is 128 + it.
    public static func endBy(_ signal: Int32) -> Never {
        sb_die_of(signal)
        fatalError("signal \(signal) did not end the process")
    }
}
