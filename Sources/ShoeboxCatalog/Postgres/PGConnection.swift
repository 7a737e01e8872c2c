import CLibPQ
import Foundation

/// One PostgreSQL connection, used from one thread at a time (the caller's serial queue).
///
/// Statements are prepared once per connection (cached by their SQL text) and run with bound
/// parameters in libpq's text format: nothing a caller passes is spliced into SQL. Transactions
/// are closures that commit when the closure returns and roll back when it throws; a
/// transaction that loses to a concurrent one (serialization failure, deadlock) runs again,
/// and one whose connection dropped runs again after a reconnect with back-off, both a
/// bounded number of times. A body may therefore run more than once: it must not have
/// effects outside the database that a second run would repeat.
final class PGConnection {
    /// The URI or `key=value` string libpq was given ("" reads libpq's environment variables:
    /// PGHOST, PGPORT, PGDATABASE, PGUSER...).
    let conninfo: String
    /// Where `reconnect` says what it is doing.
    private let notices: CatalogNotices
    private let readingOnly: Bool
    private var handle: OpaquePointer
    private var prepared: [String: String] = [:]
    /// The catalog core's SQL (`?` placeholders) as PostgreSQL reads it, by the core's text.
    var placeholderTexts: [String: String] = [:]
    /// How many statement names this connection has given out (names are never reused: a
    /// pipeline names its statements before the server has prepared any of them).
    private var namesGiven = 0

    /// How many times `transaction` runs a body in all before it gives up.
    static let maxAttempts = 5
    /// The pauses between reconnection attempts: 50 ms doubling up to 2 s, about 30 s in all. A
    /// server restarting (`pg_ctl restart`, a package upgrade, a failover) is away for seconds:
    /// an ingest worker must outwait it and go on, not stop, nor record files as failed because
    /// a catalog lookup could not be answered meanwhile.
    static let reconnectDelays: [Double] = {
        var delays: [Double] = [], next = 0.05
        while delays.reduce(0, +) < 30 {
            delays.append(next)
            next = min(next * 2, 2)
        }
        return delays
    }()

    /// `readingOnly`: for a command that only reads, whose statements are each given up after
    /// `readStatementTimeout` unless the URI or `PGOPTIONS` says otherwise (`connectionParameters`).
    init(conninfo: String, notices: CatalogNotices = .silent, readingOnly: Bool = false) throws {
        self.conninfo = conninfo
        self.notices = notices
        self.readingOnly = readingOnly
        handle = try Self.connect(conninfo, readingOnly: readingOnly)
    }

    deinit { PQfinish(handle) }

    /// The server process serving this connection (what `pg_terminate_backend` takes).
    var backendPID: Int32 { PQbackendPID(handle) }

    /// How long a connection attempt waits for the server, unless the URI (`connect_timeout=`) or
    /// the environment (`PGCONNECT_TIMEOUT`) says otherwise. libpq's own default is to wait
    /// forever: a port that accepted and never answered held `shoebox list` until it was killed.
    static let defaultConnectTimeoutSeconds = 10

    /// What libpq is given, in order: the default connect timeout first, then `conninfo`
    /// expanded (`expand_dbname`), so that a `connect_timeout` in it is the one that counts.
    /// Without the default when `PGCONNECT_TIMEOUT` is set, which libpq then reads itself.
    /// A connection `readingOnly` also gets the read statement timeout first (as server options),
    /// unless `PGOPTIONS` is set: an `options=` in the URI replaces it.
    static func connectionParameters(_ conninfo: String, readingOnly: Bool = false,
                                     environment: [String: String] = ProcessInfo.processInfo.environment) -> [(String, String)] {
        let timeout = (environment["PGCONNECT_TIMEOUT"] ?? "").isEmpty
            ? [("connect_timeout", String(defaultConnectTimeoutSeconds))] : []
        let statements = readingOnly && (environment["PGOPTIONS"] ?? "").isEmpty
            ? [("options", "-c statement_timeout=\(readStatementTimeoutSeconds)s")] : []
        return timeout + statements + [("dbname", conninfo)]
    }

    /// How long one statement of a command that only reads may run on the server: a listing
    /// of a million assets takes a few seconds; a server that stalls (a lock held elsewhere, a
    /// disk failing) must not hold `list` forever.
    static let readStatementTimeoutSeconds = 60

    private static func connect(_ conninfo: String, readingOnly: Bool) throws -> OpaquePointer {
        let parameters = connectionParameters(conninfo, readingOnly: readingOnly)
        let keywords = parameters.map { strdup($0.0) }, values = parameters.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        let opened = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keys in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { vals in
                PQconnectdbParams(keys.baseAddress, vals.baseAddress, 1)
            }
        }
        guard let handle = opened else {
            throw PostgresError.connectionFailed(target: redacted(conninfo), message: "out of memory")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            // libpq quotes what it could not parse, password included.
            let message = ConnectionSecrets(conninfo).masking(oneLine(String(cString: PQerrorMessage(handle))))
            PQfinish(handle)
            throw PostgresError.connectionFailed(target: redacted(conninfo), message: message)
        }
        // Notices (a NOTICE from IF NOT EXISTS...) are for people at psql, not Shoebox's stderr.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        PQsetClientEncoding(handle, "UTF8")
        return handle
    }

    /// `conninfo` as messages print it: every password in it `***` (`ConnectionSecrets`), as
    /// `CatalogLocation` prints a URI.
    static func redacted(_ conninfo: String) -> String {
        guard !conninfo.isEmpty else { return "(libpq environment)" }
        return ConnectionSecrets(conninfo).masking(conninfo)
    }

    /// libpq's message (often two lines, the second a hint indented by a tab) as one line.
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Opens a new connection in place of a lost one: tries at once, then again after each
    /// pause of `reconnectDelays`; throws the last failure when every attempt failed. Each failed
    /// attempt that is followed by another, and a reconnection that needed more than one, is one
    /// line to `notices` (the CLI prints it on stderr): a worker waiting out an unreachable
    /// server says so instead of hanging silently, and the tests wait on those lines (the
    /// back-off's steps) instead of on time.
    func reconnect() throws {
        let lost = ContinuousClock.now
        let attempts = Self.reconnectDelays.count + 1
        var attempt = 1
        while true {
            do {
                try replaceHandle()
                if attempt > 1 {
                    notices.say("reconnected to the catalog at attempt \(attempt) of \(attempts), \(Self.seconds(since: lost)) after the connection was lost")
                }
                return
            } catch where attempt < attempts {
                let delay = Self.reconnectDelays[attempt - 1]
                notices.say("cannot reach the catalog (attempt \(attempt) of \(attempts), \(Self.seconds(since: lost)) after the connection was lost): "
                    + "\(error); trying again in \(String(format: "%.2f", delay)) s")
                Thread.sleep(forTimeInterval: delay)
                attempt += 1
            }
        }
    }

    private func replaceHandle() throws {
        let fresh = try Self.connect(conninfo, readingOnly: readingOnly)
        PQfinish(handle)
        handle = fresh
        prepared.removeAll()
    }

    private static func seconds(since start: ContinuousClock.Instant) -> String {
        String(format: "%.1f s", start.duration(to: .now).inSeconds)
    }

    /// Runs SQL with no parameters (schema, several statements at once); returns the last result.
    @discardableResult
    func execute(_ sql: String) throws -> PGResult {
        try checked(PQexec(handle, sql), sql: sql)
    }

    /// Runs one statement with `parameters` bound to `$1`, `$2`...: String, Int, Int64, Double,
    /// Bool (as 1 or 0), or nil (NULL).
    @discardableResult
    func query(_ sql: String, _ parameters: Any?...) throws -> PGResult {
        try query(sql, parameters: parameters)
    }

    @discardableResult
    func query(_ sql: String, parameters: [Any?]) throws -> PGResult {
        let name = try preparedName(for: sql, count: parameters.count)
        let texts = try parameters.map { try Self.text(of: $0, sql: sql) }
        var cStrings = texts.map { $0.map { strdup($0) } ?? nil }
        defer { cStrings.forEach { free($0) } }
        let result = cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(buffer.count, 1)) { values in
                PQexecPrepared(handle, name, Int32(parameters.count), values, nil, nil, 0)
            }
        }
        return try checked(result, sql: sql)
    }

    private func preparedName(for sql: String, count: Int) throws -> String {
        if let name = prepared[sql] { return name }
        let name = newStatementName()
        try checked(PQprepare(handle, name, sql, 0, nil), sql: sql)
        prepared[sql] = name
        return name
    }

    /// The name of the statement `sql` when this connection has prepared it.
    func preparedStatement(_ sql: String) -> String? { prepared[sql] }

    /// A statement name not given out before on this connection.
    func newStatementName() -> String {
        namesGiven += 1
        return "s\(namesGiven)"
    }

    /// Records that the server prepared `sql` as `name` (a pipeline's preparation succeeded).
    func remember(_ name: String, for sql: String) { prepared[sql] = name }

    /// Sends `statements` (without parameters) at once, in libpq's pipeline mode, and lets
    /// `body` read their results in the order they were sent (`PGPipeline.next`), each as it
    /// arrives: the server runs the later statements while `body` works on the earlier ones'
    /// rows, and they cost one round trip, not one each. Statements are prepared once per
    /// connection, as `query` prepares them. Whether `body` returns or throws, what it did not
    /// read is read and dropped and pipeline mode left before this returns, so the connection
    /// serves the next statement (a transaction's COMMIT or ROLLBACK). A failed statement
    /// throws from its `next()`, as `query` throws, and the statements after it do not run.
    func pipeline<T>(_ statements: [String], _ body: (PGPipeline) throws -> T) throws -> T {
        guard PQenterPipelineMode(handle) == 1 else { throw lostOrFailed(sqlstate: "", sql: statements.joined(separator: ";\n")) }
        let pipeline = PGPipeline(connection: self, handle: handle)
        defer {
            pipeline.drain()
            PQexitPipelineMode(handle)
        }
        for sql in statements { try pipeline.send(sql) }
        try pipeline.sync()
        return try body(pipeline)
    }

    private static func text(of value: Any?, sql: String) throws -> String? {
        switch value {
        case nil: return nil
        case let text as String: return text
        case let number as Int: return String(number)
        case let number as Int64: return String(number)
        case let number as Int32: return String(number)
        case let number as Double: return number.isFinite ? "\(number)" : (number.isNaN ? "NaN" : (number > 0 ? "Infinity" : "-Infinity"))
        case let flag as Bool: return flag ? "1" : "0"
        case let some?: throw PostgresError.server(sqlstate: "", message: "cannot bind \(type(of: some))", sql: sql)
        }
    }

    /// The result, or the error it carries, classified; a result lost with the connection is
    /// `connectionLost`.
    @discardableResult
    func checked(_ result: OpaquePointer?, sql: String) throws -> PGResult {
        guard let result else { throw lostOrFailed(sqlstate: "", sql: sql) }
        let status = PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY {
            return PGResult(result, sql: sql)
        }
        let sqlstate = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        // The primary message alone ("could not serialize access..."), without libpq's "ERROR:  ".
        let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
        let message = Self.oneLine(primary ?? String(cString: PQresultErrorMessage(result)))
        PQclear(result)
        if sqlstate.isEmpty && PQstatus(handle) != CONNECTION_OK { throw PostgresError.connectionLost(message: message) }
        throw PostgresError.classify(sqlstate: sqlstate, message: message, sql: sql)
    }

    func lostOrFailed(sqlstate: String, sql: String) -> PostgresError {
        let message = Self.oneLine(String(cString: PQerrorMessage(handle)))
        if PQstatus(handle) != CONNECTION_OK { return .connectionLost(message: message) }
        return .classify(sqlstate: sqlstate, message: message, sql: sql)
    }

    /// Runs `body` in one transaction of `isolation`, again after a serialization failure or
    /// deadlock, and after reconnecting when the connection was lost, up to `maxAttempts` runs.
    func transaction<T>(_ isolation: PGIsolation = .writing, _ body: () throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try transactionOnce(isolation, body)
            } catch let error as PostgresError where attempt < Self.maxAttempts {
                attempt += 1
                switch error {
                case .serializationFailure: continue
                case .connectionLost: try reconnect()
                default: throw error
                }
            }
        }
    }

    /// Runs `body`, which must be one statement, outside any transaction (the statement is
    /// its own snapshot), again after reconnecting when the connection was lost: a single
    /// read without BEGIN and COMMIT's round trips.
    func single<T>(_ body: () throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try body()
            } catch PostgresError.connectionLost where attempt < Self.maxAttempts {
                attempt += 1
                try reconnect()
            }
        }
    }

    private func transactionOnce<T>(_ isolation: PGIsolation, _ body: () throws -> T) throws -> T {
        try execute(isolation.beginSQL)
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if PQstatus(handle) == CONNECTION_OK { _ = try? execute("ROLLBACK") }
            throw error
        }
    }
}
