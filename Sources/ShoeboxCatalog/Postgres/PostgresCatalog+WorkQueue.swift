/// The work queue in the catalog's database (`work_queue`, `PostgresQueueSchema`): every call
/// one transaction on the writer's connection, so a claim's completion can share the
/// transaction of the catalog write it reports. docs/CATALOG.md, "The work queue".
extension PostgresCatalog: WorkQueue {
    @discardableResult
    public func enqueue(_ files: [DiscoveredFile], run: Int64) throws -> Int {
        guard !files.isEmpty else { return 0 }
        return try write { db in
            // A file found twice in one batch (overlapping roots) is one row: `DO UPDATE` may
            // not touch a row twice in a statement. Rows go in path order, so two workers
            // enqueueing the same files lock them in the same order. A finished item found
            // by a later run than the one that enqueued it is pending again, for that run
            // (`reopenSQL`); pending and claimed items, and this run's own, are left alone.
            try db.query("""
                INSERT INTO work_queue AS item (path, root, file_size, mtime_ns, enqueued_run)
                SELECT DISTINCT ON (path, file_size, mtime_ns) path, root, file_size, mtime_ns, $5
                FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS found(path, root, file_size, mtime_ns)
                ORDER BY path, file_size, mtime_ns
                ON CONFLICT (path, file_size, mtime_ns) DO UPDATE SET \(Self.reopenSQL)
                """, Self.textArray(files.map(\.path)), Self.textArray(files.map(\.root)),
                Self.idArray(files.map(\.status.size)), Self.idArray(files.map(\.status.modifiedNanoseconds)), run)
                .affectedRows
        }
    }

    /// What an item found again becomes: pending, enqueued by the run that found it, its
    /// last worker and outcome cleared (its `attempt` stays: a late holder is still fenced
    /// out). Only a `done` or `failed` item enqueued by an earlier run: so each run re-opens a
    /// file at most once, and a worker's walk cannot undo what another worker of the same or
    /// a later run just finished (docs/CATALOG.md, "The work queue", "Running ingest again").
    static let reopenSQL = """
        state = 'pending', enqueued_run = excluded.enqueued_run, enqueued_at = now(), worker_id = NULL,
            worker_host = NULL, worker_pid = NULL, claimed_at = NULL, lease_expires_at = NULL, finished_at = NULL, error = NULL
        WHERE item.state IN ('done', 'failed') AND item.enqueued_run < excluded.enqueued_run
        """

    public func claim(batch: Int, worker: WorkerIdentity, lease: Duration) throws -> [Claim] {
        guard batch > 0 else { return [] }
        return try write { db in
            // Rows another claimer has locked are skipped, not waited for; a row claimed and
            // committed meanwhile fails the state test when it is locked and is left out.
            // Expired leases first, then pending items: each read from its own partial index,
            // so a claim does not step over the items already claimed (one `OR` did, through
            // the primary key: a claim cost grew with the items claimed before it).
            try db.query("""
                WITH expired AS (
                    SELECT id FROM work_queue WHERE state = 'claimed' AND lease_expires_at <= now()
                    ORDER BY lease_expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
                ), pending AS (
                    SELECT id FROM work_queue WHERE state = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
                ), picked AS (
                    SELECT id FROM expired UNION ALL SELECT id FROM pending LIMIT $1
                )
                UPDATE work_queue AS item SET state = 'claimed', attempt = item.attempt + 1, worker_id = $2,
                    worker_host = $3, worker_pid = $4, claimed_at = now(),
                    lease_expires_at = now() + make_interval(secs => $5), finished_at = NULL, error = NULL
                FROM picked WHERE item.id = picked.id
                RETURNING item.id, item.attempt, item.path, item.root, item.file_size, item.mtime_ns
                """, batch, worker.id, worker.host, worker.pid, lease.inSeconds)
                .rows.map { row in
                    Claim(item: row.int64("id"), attempt: row.int64("attempt"), worker: worker, path: row.text("path"),
                          root: row.text("root"), size: row.int64("file_size"), modifiedNanoseconds: row.int64("mtime_ns"))
                }
                .sorted { $0.item < $1.item }
        }
    }

    public func renew(_ claims: [Claim], lease: Duration) throws -> [Claim] {
        guard !claims.isEmpty else { return [] }
        let renewed = try write { db in
            try db.query("""
                UPDATE work_queue AS item SET lease_expires_at = now() + make_interval(secs => $3)
                FROM unnest($1::bigint[], $2::bigint[]) AS held(id, attempt)
                WHERE item.id = held.id AND item.attempt = held.attempt AND item.state = 'claimed'
                RETURNING item.id
                """, Self.idArray(claims.map(\.item)), Self.idArray(claims.map(\.attempt)), lease.inSeconds)
                .rows.map { $0.int64("id") }
        }
        return claims.filter { Set(renewed).contains($0.item) }
    }

    public func complete(_ claim: Claim, outcome: ClaimOutcome) throws {
        try write { db in try Self.complete(claim, outcome: outcome, db: db) }
    }

    @discardableResult
    public func release(_ claims: [Claim]) throws -> Int {
        guard !claims.isEmpty else { return 0 }
        return try write { db in
            try db.query("""
                UPDATE work_queue AS item SET state = 'pending', worker_id = NULL, worker_host = NULL, worker_pid = NULL,
                    claimed_at = NULL, lease_expires_at = NULL
                FROM unnest($1::bigint[], $2::bigint[]) AS held(id, attempt)
                WHERE item.id = held.id AND item.attempt = held.attempt AND item.state = 'claimed'
                """, Self.idArray(claims.map(\.item)), Self.idArray(claims.map(\.attempt)))
                .affectedRows
        }
    }

    public func claimedCount() throws -> Int {
        // Counted from the claimed items' partial index, on the writer's connection: a worker
        // asks after its own claim found nothing, and must see what that claim saw.
        try write { db in try db.query("SELECT count(*) AS claimed FROM work_queue WHERE state = 'claimed'").first?.int("claimed") ?? 0 }
    }

    public func status(window: Duration) throws -> QueueStatus {
        let groups = try read { db -> [QueueStatus.Group] in
            guard try PostgresQueueSchema.isPresent(db) else { return [] }
            return try db.query(Self.statusSQL, window.inSeconds).rows.map(Self.group)
        }
        return QueueStatus(groups: groups, window: window)
    }

    /// The queue's items per state and worker, as `QueueStatus.Group`s, without reading
    /// every item: the totals of pending, done and failed items from the kept counts
    /// (`work_queue_counts`, no worker); claimed items per worker, with claim ages and lease
    /// times, from the claimed ones' index; and per worker, the items finished within the
    /// last `$1` seconds (count 0: they are in the totals already), from the finished ones'.
    static let statusSQL = """
        SELECT state, NULL::text AS worker_id, NULL::text AS worker_host, NULL::integer AS worker_pid, sum(items)::bigint AS items,
            NULL::double precision AS oldest_claim_age, NULL::double precision AS soonest_lease_left, 0::bigint AS finished_in_window
        FROM work_queue_counts WHERE state <> 'claimed' GROUP BY state
        UNION ALL
        SELECT state, worker_id, worker_host, worker_pid, count(*), extract(epoch FROM now() - min(claimed_at)),
            extract(epoch FROM min(lease_expires_at) - now()), 0
        FROM work_queue WHERE state = 'claimed' GROUP BY state, worker_id, worker_host, worker_pid
        UNION ALL
        SELECT state, worker_id, worker_host, worker_pid, 0, NULL, NULL, count(*)
        FROM work_queue WHERE finished_at >= now() - make_interval(secs => $1) GROUP BY state, worker_id, worker_host, worker_pid
        """

    public func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules, completing claim: Claim) throws -> Int64 {
        try write { db in
            try Self.complete(claim, outcome: .done, db: db)
            return try Self.record(asset, run: run, livePhotoRules: livePhotoRules, db: db)
        }
    }

    public func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?, existingID: Int64?,
                              run: Int64, completing claim: Claim) throws {
        try write { db in
            try Self.complete(claim, outcome: .failed(reason: failure.description), db: db)
            try Self.recordFailure(failure, file: file, contentHash: contentHash, existingID: existingID, run: run, db: db)
        }
    }

    /// Finishes the item if `claim` still holds it, in the caller's transaction; the row stays
    /// locked until that transaction ends, so nobody claims it meanwhile.
    static func complete(_ claim: Claim, outcome: ClaimOutcome, db: PGConnection) throws {
        let finished = try db.query("""
            UPDATE work_queue SET state = $3, error = $4, finished_at = now(), lease_expires_at = NULL
            WHERE id = $1 AND attempt = $2 AND state = 'claimed'
            """, claim.item, claim.attempt, outcome.state, outcome.reason).affectedRows
        guard finished == 1 else { throw WorkQueueError.claimLost(item: claim.item, attempt: claim.attempt, path: claim.path) }
    }

    private static func group(_ row: PGRow) -> QueueStatus.Group {
        let worker = row.optionalText("worker_id").map {
            WorkerIdentity(id: $0, host: row.text("worker_host"), pid: Int32(row.int("worker_pid")))
        }
        return QueueStatus.Group(state: row.text("state"), worker: worker, count: row.int("items"),
                                 oldestClaimAge: row.optionalDouble("oldest_claim_age"),
                                 soonestLeaseLeft: row.optionalDouble("soonest_lease_left"),
                                 finishedInWindow: row.int("finished_in_window"))
    }

    /// Texts as a PostgreSQL array literal (`{"a","b\"c"}`), bound as one `text[]` parameter:
    /// every element quoted, its `"` and `\` escaped, so any path is one element.
    static func textArray(_ texts: [String]) -> String {
        "{" + texts.map { text in
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ",") + "}"
    }
}
