import Foundation
import Testing
@testable import Shoebox

/// A folder bind-mounted inside itself is one folder: the walk enters it once, so its photos
/// are catalogued once, not once per way in. Needs `mount --bind` (root, or a user namespace
/// that allows it); skipped with a message otherwise.
@Suite struct BindMountLoopTests {
    /// Whether this process may bind-mount: tried once on a folder of its own.
    static let canMount: Bool = {
        guard let folder = try? TemporaryFolder(), let inner = try? folder.subfolder("inner"),
              succeeds("mount", ["--bind", folder.path, inner.path]) else { return false }
        return succeeds("umount", [inner.path])
    }()

    /// Runs `/usr/bin/TOOL ARGUMENTS`, silently: whether it exited 0.
    static func succeeds(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin").appendingPathComponent(tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// `photos/tall.jpg` and `photos/again`, a bind mount of `photos` itself; unmounted at the end.
    final class Loop {
        let folder: TemporaryFolder
        let photos: URL
        let mounted: Bool

        init() throws {
            folder = try TemporaryFolder()
            photos = try folder.folder("photos", copying: [Fixtures.sample("tall.jpg")])
            let again = try folder.subfolder("photos/again")
            mounted = BindMountLoopTests.succeeds("mount", ["--bind", photos.path, again.path])
        }

        deinit {
            if mounted { _ = BindMountLoopTests.succeeds("umount", [photos.appendingPathComponent("again").path]) }
        }
    }

    @Test(.enabled(if: canMount, "mount --bind is not permitted here (it needs root): skipped"))
    func aFolderMountedInsideItselfIsWalkedOnce() throws {
        let loop = try Loop()
        try #require(loop.mounted)
        let library = try TestLibrary()
        var skipped: [String] = []

        let summary = try library.ingest([loop.photos]) { event in
            if case let .skipped(path, reason) = event { skipped.append("\(path): \(reason)") }
        }

        #expect(summary.ingested == 1)
        #expect(try library.assets().map(\.path) == [IngestPipeline.resolve(loop.photos.appendingPathComponent("tall.jpg").path)])
        #expect(skipped == [IngestPipeline.resolve(loop.photos.path) + "/again: the same folder as one walked already (a bind mount or a loop); not walked again"])
    }
}
