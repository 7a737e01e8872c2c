import Foundation
import Testing
@testable import Shoebox

/// One process at a time writes a library; the next one waits a few seconds for the lock (the
/// ingest process of a killed `shoebox ingest` takes a moment to die) before giving up.
@Suite struct LibraryLockTests {
    final class Holder: @unchecked Sendable {
        var lock: LibraryLock?
        init(_ lock: LibraryLock) { self.lock = lock }
    }

    @Test func aLockLetGoWithinTheWaitIsTaken() throws {
        let test = try TestLibrary()
        let library = test.library
        let holder = Holder(try LibraryLock(library))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { holder.lock = nil }

        let started = Date()
        _ = try LibraryLock(library, waitSeconds: 5)

        #expect(Date().timeIntervalSince(started) >= 0.25)
    }

    @Test func aLockHeldPastTheWaitIsRefusedWithTheReason() throws {
        let test = try TestLibrary()
        let library = test.library
        let held = try LibraryLock(library)

        #expect {
            _ = try LibraryLock(library, waitSeconds: 0.2)
        } throws: { error in
            "\(error)" == "cannot lock library \(library.root.path): another shoebox process is using it"
        }
        withExtendedLifetime(held) {}
    }

    /// Queue workers (a PostgreSQL catalog) share a library; gc and covers, exclusive, do not.
    @Test func sharedHoldersCoexistAndKeepAnExclusiveOneOut() throws {
        let test = try TestLibrary()
        let library = test.library
        let first = try LibraryLock(library, shared: true)
        let second = try LibraryLock(library, shared: true, waitSeconds: 0)

        #expect(throws: LibraryError.self) { _ = try LibraryLock(library, waitSeconds: 0.1) }
        withExtendedLifetime((first, second)) {}
    }
}
