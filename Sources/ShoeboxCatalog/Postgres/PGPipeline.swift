import CLibPQ

/// The results of statements sent at once by `PGConnection.pipeline`, read in the order they
/// were sent, each when the caller asks for it: while the caller works on one result the
/// server runs the next statement.
///
/// libpq hands a pipeline's results back as, per command sent (a statement's preparation, its
/// execution), its result and then a null, and at the end the sync point's result. A command
/// after a failed one is not run: its result says so (`PGRES_PIPELINE_ABORTED`).
final class PGPipeline {
    /// A command sent and not read yet: a statement's preparation under a new name (the name
    /// is remembered on the connection once the server has prepared it), or its rows.
    private enum Command {
        case preparation(name: String, sql: String)
        case rows(sql: String)
    }

    private let connection: PGConnection
    private let handle: OpaquePointer
    private var unread: [Command] = []
    private var synced = false

    init(connection: PGConnection, handle: OpaquePointer) {
        self.connection = connection
        self.handle = handle
    }

    /// Sends `sql`'s execution, after its preparation when the connection has not prepared it.
    func send(_ sql: String) throws {
        var name = connection.preparedStatement(sql)
        if name == nil {
            let fresh = connection.newStatementName()
            guard PQsendPrepare(handle, fresh, sql, 0, nil) == 1 else { throw connection.lostOrFailed(sqlstate: "", sql: sql) }
            unread.append(.preparation(name: fresh, sql: sql))
            name = fresh
        }
        guard PQsendQueryPrepared(handle, name, 0, nil, nil, nil, 0) == 1 else { throw connection.lostOrFailed(sqlstate: "", sql: sql) }
        unread.append(.rows(sql: sql))
    }

    /// Ends the pipeline (a sync point) and sends it to the server.
    func sync() throws {
        guard PQpipelineSync(handle) == 1 else { throw connection.lostOrFailed(sqlstate: "", sql: "(pipeline sync)") }
        synced = true
    }

    /// The next statement's rows, waiting for them; throws its error as `PGConnection.query`
    /// does (for a statement after a failed one, that it was not run).
    func next() throws -> PGResult {
        while case .preparation(let name, let sql)? = unread.first {
            unread.removeFirst()
            try connection.checked(try command(sql), sql: sql)
            connection.remember(name, for: sql)
        }
        guard case .rows(let sql)? = unread.first else { preconditionFailure("more results read than statements sent") }
        unread.removeFirst()
        return try connection.checked(try command(sql), sql: sql)
    }

    /// One command's result, after which libpq's null that ends it is read.
    private func command(_ sql: String) throws -> OpaquePointer {
        guard let result = PQgetResult(handle) else { throw connection.lostOrFailed(sqlstate: "", sql: sql) }
        _ = PQgetResult(handle)
        guard PQresultStatus(result) != PGRES_PIPELINE_ABORTED else {
            PQclear(result)
            throw PostgresError.server(sqlstate: "", message: "not run: an earlier statement of its pipeline failed", sql: sql)
        }
        return result
    }

    /// Reads and drops every result up to the sync point (sending it first if `sync` was not
    /// reached), so that the connection can leave pipeline mode. Stops early when the
    /// connection is lost, or when two nulls in a row say nothing more is coming.
    func drain() {
        if !synced {
            guard PQpipelineSync(handle) == 1 else { return }
            synced = true
        }
        var nullsInARow = 0
        while PQstatus(handle) == CONNECTION_OK && nullsInARow < 2 {
            guard let result = PQgetResult(handle) else {
                nullsInARow += 1
                continue
            }
            nullsInARow = 0
            let status = PQresultStatus(result)
            PQclear(result)
            if status == PGRES_PIPELINE_SYNC { return }
        }
    }
}
