/// How one ingest run behaves, beyond what the pipeline file says.
public struct IngestOptions: Sendable {
    /// Decode workers; nil takes the pipeline's setting (0 there means one per core).
    public var jobs: Int?
    /// Retry files recorded as failed even when they have not changed.
    public var retryFailed: Bool
    /// Set when this run is one process of a supervised `shoebox ingest`: what the earlier
    /// processes did, so that the summary covers the whole command and nothing it recorded as
    /// failed is tried again.
    public var journal: IngestJournal?
    /// A queue worker's lease (a PostgreSQL catalog's work queue); nil takes the default
    /// (`QueueSettings`: a minute).
    public var lease: Duration?
    /// Where this process's crash guard logs the file it dies on, and whose files it records
    /// at start (with `crash.log`'s): its supervisor's own log, or `crash.log` without one.
    public var crashLog: CrashLog
    /// Paths the walk leaves out, as if they were not there: the files a supervised profile's
    /// earlier processes finished or died on.
    public var excludedPaths: Set<String>
    /// The formats of the files this run opens, when the caller knows them all before it
    /// starts (`RootFormats`): libvips loads only the modules they need. nil: any format.
    public var stillFormats: Set<MediaFormat>?

    public init(jobs: Int? = nil, retryFailed: Bool = false, journal: IngestJournal? = nil, lease: Duration? = nil,
                crashLog: CrashLog = .shared, excludedPaths: Set<String> = []) {
        self.jobs = jobs
        self.retryFailed = retryFailed
        self.journal = journal
        self.lease = lease
        self.crashLog = crashLog
        self.excludedPaths = excludedPaths
    }
}
