/// What an ingest stopped by the person (Ctrl-C, SIGTERM, SIGHUP) says last, so they know how
/// far it got and that nothing is lost: what is done is in the catalog, and the same command
/// goes on from there.
enum StoppedLine {
    /// `done` files of `counted` (nil: the count had not finished).
    static func text(done: Int, counted: Int?) -> String {
        let again = "run the same command again to go on"
        guard let counted else { return "stopped: \(done) \(done == 1 ? "file" : "files") done; \(again)" }
        return "stopped: \(min(done, counted)) of \(counted) \(counted == 1 ? "file" : "files") done; \(again)"
    }
}
