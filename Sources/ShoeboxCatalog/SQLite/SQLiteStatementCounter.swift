import CSQLite

/// Counts the statements a connection starts running (triggers' inner statements not counted).
///
/// For tests that pin what an operation costs in queries: a count that stays the same as the
/// catalog grows is the property, and no clock is involved. Install and stop it on the queue
/// that owns the connection (`SQLiteCatalog.read` or `write`); until `stop()`, the connection
/// holds an unretained pointer to the counter, so the caller keeps it alive until then.
final class SQLiteStatementCounter {
    private(set) var count = 0
    private(set) var statements: [String] = []
    private let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_STMT), { _, context, _, sql in
            guard let context, let sql else { return 0 }
            let text = String(cString: sql.assumingMemoryBound(to: CChar.self))
            guard !text.hasPrefix("--") else { return 0 }   // a trigger's statement, part of its caller's
            let counter = Unmanaged<SQLiteStatementCounter>.fromOpaque(context).takeUnretainedValue()
            counter.count += 1
            counter.statements.append(text)
            return 0
        }, context)
    }

    /// Stops counting; the count stays readable.
    func stop() {
        sqlite3_trace_v2(connection.handle, 0, nil, nil)
    }
}
