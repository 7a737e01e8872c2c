/// How one ingest run behaves, beyond what the pipeline file says.
public struct IngestOptions: Sendable {
    /// Decode workers; nil takes the pipeline's setting (0 there means one per core).
    public var jobs: Int?
    /// Retry files recorded as failed even when they have not changed.
    public var retryFailed: Bool

    public init(jobs: Int? = nil, retryFailed: Bool = false) {
        self.jobs = jobs
        self.retryFailed = retryFailed
    }
}
