import CSQLite

/// Counts the statements a connection starts running (triggers' inner statements not counted),
/// and keeps those that stepped through a table from end to end (SQLite's
/// `SQLITE_STMTSTATUS_FULLSCAN_STEP`, read as each finishes).
///
/// For tests that pin what an operation costs in queries: a count that stays the same as the
/// catalog grows, and no full scan where an index should answer, are the property, and no
/// clock is involved. Install and stop it on the queue
/// that owns the connection (`SQLiteCatalog.read` or `write`); until `stop()`, the connection
/// holds an unretained pointer to the counter, so the caller keeps it alive until then.
final class SQLiteStatementCounter {
    private(set) var count = 0
    private(set) var statements: [String] = []
    /// The statements that read a whole table (their SQL as written), in the order they ended.
    private(set) var fullScans: [String] = []
    /// The virtual machine's steps of every statement that ended, summed: the work SQLite did,
    /// index entries written and compared included, on any machine the same.
    private(set) var virtualMachineSteps = 0
    private let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_STMT | SQLITE_TRACE_PROFILE), { event, context, statement, sql in
            guard let context else { return 0 }
            let counter = Unmanaged<SQLiteStatementCounter>.fromOpaque(context).takeUnretainedValue()
            if event == UInt32(SQLITE_TRACE_PROFILE) {
                let statement = OpaquePointer(statement)
                counter.virtualMachineSteps += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 1))
                if sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0) > 0, let text = sqlite3_sql(statement) {
                    counter.fullScans.append(String(cString: text))
                }
                return 0
            }
            guard let sql else { return 0 }
            let text = String(cString: sql.assumingMemoryBound(to: CChar.self))
            guard !text.hasPrefix("--") else { return 0 }   // a trigger's statement, part of its caller's
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
