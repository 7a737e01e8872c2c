/// The work of an ingest shared by many workers (on one machine or many): the files discovery
/// found, each claimed by one worker at a time, with a lease, until its outcome is recorded.
///
/// Only a PostgreSQL catalog holds a queue (its table lives in the catalog's database, so a
/// file's outcome and the catalog's row for it commit together); an SQLite catalog is one
/// machine's and has none. `CatalogFactory` opens a catalog; its `workQueue` is the queue it
/// holds, if any. docs/CATALOG.md, "The work queue" describes the protocol.
///
/// What a caller may rely on:
/// - `enqueue` is idempotent on (path, size, mtime): the same file found twice is one item; a
///   file changed since (another size or mtime) is a new one. A finished item (done or
///   failed) found again by a later run is pending again, so that run plans the file as an
///   ingest without a queue would (thumbnails made again, `--retry-failed`); each run
///   re-opens an item at most once, and never one that is pending or claimed.
/// - A claim is held by one worker at a time. Two workers claiming at once never get the same
///   item (rows locked `FOR UPDATE SKIP LOCKED`, so they do not wait for each other either).
/// - A lease that expired (the server's clock decides) makes the item claimable again, by the
///   next `claim` of any worker: no background job is needed. The first holder still holds it
///   until someone claims it; from then on its `renew`, `complete` and `release` are refused
///   (`WorkQueueError.claimLost`): every claim carries an attempt number that fences it.
/// - `record(_:run:livePhotoRules:completing:)` and `recordFailure(...completing:)` write the
///   catalog and complete the claim in one transaction: both happen, or neither does.
/// - Every method may be called from any thread.
public protocol WorkQueue: AnyObject, Sendable {
    /// Adds `files` found by `run` as pending items, and makes pending again the finished
    /// ones an earlier run enqueued; returns how many became pending (new or re-opened). One
    /// call is one statement: discovery passes its files in batches (a few thousand), not all
    /// at once.
    @discardableResult
    func enqueue(_ files: [DiscoveredFile], run: Int64) throws -> Int
    /// Claims up to `batch` claimable items (pending, or claimed with an expired lease) for
    /// `worker`, leased until the server's `now()` plus `lease`: expired leases first (the
    /// longest expired first), then pending items in the order they were enqueued.
    func claim(batch: Int, worker: WorkerIdentity, lease: Duration) throws -> [Claim]
    /// Extends the leases of the claims still held to `now()` plus `lease`; returns those, in
    /// the order given (a claim someone else took since is left out).
    func renew(_ claims: [Claim], lease: Duration) throws -> [Claim]
    /// Records the item's outcome alone (no catalog write); throws `claimLost` when the claim
    /// is no longer held.
    func complete(_ claim: Claim, outcome: ClaimOutcome) throws
    /// Gives claims back (a worker stopping gracefully): they are pending again, for anyone.
    /// Claims no longer held are skipped; returns how many were given back.
    @discardableResult
    func release(_ claims: [Claim]) throws -> Int
    /// How many items are claimed now, by any worker, leases expired or not: a worker with no
    /// pending item left waits while others hold claims (their holder may die, and then the
    /// files are the waiting worker's to redo).
    func claimedCount() throws -> Int
    /// How the queue stands, with each worker's throughput over the last `window`.
    func status(window: Duration) throws -> QueueStatus
    /// For a worker whose walk of the folder `root` completed: flags as missing every asset
    /// under `root` whose path `wasFound` denies (the walk did not find it), in one transaction,
    /// as `CatalogStore.markMissing(under:notSeenIn:)` does (a Live Photo that loses a file
    /// comes apart; resource files not found are forgotten), and returns their paths, sorted.
    /// Returns nil, writing nothing, while the queue holds an item under `root` that is pending
    /// or claimed: some worker is still at work there, and the last one checks.
    func markMissing(under root: String, wasFound: (String) -> Bool) throws -> [String]?

    /// Writes a processed asset (as `CatalogStore.record`) and completes `claim` as done, in
    /// one transaction; throws `claimLost`, writing nothing, when the claim is no longer held.
    @discardableResult
    func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules, completing claim: Claim) throws -> Int64
    /// Writes a failed file (as `CatalogStore.recordFailure`) and completes `claim` as failed
    /// with the failure's reason, in one transaction; throws `claimLost`, writing nothing,
    /// when the claim is no longer held.
    func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?, existingID: Int64?,
                       run: Int64, completing claim: Claim) throws
}
