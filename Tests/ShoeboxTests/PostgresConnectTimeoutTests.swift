import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A catalog server that accepts a connection and never answers is given up on after a connect
/// timeout: 10 s unless the URI (`connect_timeout=N`) or `PGCONNECT_TIMEOUT` says otherwise.
/// Before, libpq's default (wait forever) held `shoebox list` until it was killed. The server
/// here is a socket that listens and never reads: no PostgreSQL is needed.
@Suite struct PostgresConnectTimeoutTests {
    /// A loopback port whose connections the kernel accepts and nobody ever answers.
    final class SilentServer {
        let port: UInt16
        private let socket: Int32

        init() throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(socket, address, length) == 0 && listen(socket, 8) == 0 && getsockname(socket, address, &length) == 0
                }
            }
            self.socket = socket
            port = UInt16(bigEndian: address.sin_port)
            try #require(socket >= 0 && bound, "no loopback socket: errno \(errno)")
        }

        deinit { close(socket) }

        /// Waits (at most a minute) until a client has connected; true when one has.
        func waitForClient() -> Bool {
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 60_000) == 1 else { return false }
            let client = accept(socket, nil, nil)
            return client >= 0   // left open, unanswered, until the test ends
        }
    }

    @Test func theDefaultTimeoutComesFirstSoThatTheURIsOwnWins() {
        let parameters = PGConnection.connectionParameters("postgresql://u@db/photos?connect_timeout=3", environment: [:])
        #expect(parameters.map(\.0) == ["connect_timeout", "dbname"])
        #expect(parameters.map(\.1) == ["10", "postgresql://u@db/photos?connect_timeout=3"])
    }

    @Test func pgconnectTimeoutInTheEnvironmentIsLeftToLibpq() {
        let parameters = PGConnection.connectionParameters("postgresql:///photos", environment: ["PGCONNECT_TIMEOUT": "4"])
        #expect(parameters.map(\.0) == ["dbname"])
    }

    @Test func aServerThatNeverAnswersIsGivenUpAfterTheURIsTimeout() throws {
        let server = try SilentServer()

        let run = try Self.list("postgresql://shoebox@127.0.0.1:\(server.port)/photos?connect_timeout=1")

        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors.contains("port \(server.port) failed: timeout expired"), "\(run.errors)")
    }

    @Test func aServerThatNeverAnswersIsGivenUpAfterTenSecondsByDefault() throws {
        let server = try SilentServer()

        let run = try Self.list("postgresql://shoebox@127.0.0.1:\(server.port)/photos")

        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors.contains("port \(server.port) failed: timeout expired"), "\(run.errors)")
    }

    /// `shoebox list --catalog URI`, ended by `timeout` after 60 s should it wait for ever (the
    /// failure this suite is about: exit status 124 then).
    private static func list(_ catalog: String) throws -> ShoeboxBinary.Result {
        try ShoeboxBinary.run(["list", "--catalog", catalog], environment: ["PGCONNECT_TIMEOUT": ""],
                              launcher: ["/usr/bin/timeout", "60"])
    }
}
