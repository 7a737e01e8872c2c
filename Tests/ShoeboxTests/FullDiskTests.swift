import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// With the library on a tiny file system, ingest stops with a clear error when space runs
/// out, keeps nothing half-written, and finishes the job once space is available again.
@Suite struct FullDiskTests {
    /// A 400 KiB tmpfs, or nil where this process may not mount one (not root, a container).
    static func mountTinyFileSystem(at folder: URL) -> Bool {
        run("/bin/mount", ["-t", "tmpfs", "-o", "size=400k", "tmpfs", folder.path]) == 0
    }

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    static let canMount: Bool = {
        guard let folder = try? TemporaryFolder() else { return false }
        let mounted = mountTinyFileSystem(at: folder.url)
        if mounted { _ = run("/bin/umount", [folder.path]) }
        return mounted
    }()

    @Test(.enabled(if: canMount, "cannot mount a tmpfs here (needs root outside a restricted container): skipped"))
    func aFullDiskStopsTheRunAndTheNextRunFinishesIt() throws {
        let folder = try TemporaryFolder()
        let root = try folder.subfolder("photos")
        for copy in 0..<12 {   // distinct content: each needs its own thumbnails
            var data = try Data(contentsOf: Fixtures.sample("panorama.jpg"))
            data.append(contentsOf: Array("copy \(copy)".utf8))
            try data.write(to: root.appendingPathComponent("p\(copy).jpg"))
        }
        let disk = try folder.subfolder("disk")
        try #require(Self.mountTinyFileSystem(at: disk))
        defer { _ = Self.run("/bin/umount", [disk.path]) }
        let library = Library(root: disk.appendingPathComponent("library"))
        try FileManager.default.createDirectory(at: library.root, withIntermediateDirectories: true)
        try library.prepare()

        let pipeline = IngestPipeline(configuration: try Fixtures.pipeline(), catalog: try SQLiteCatalog(path: library.catalogPath),
                                      library: library)
        #expect {
            _ = try pipeline.run(roots: [root.path])
        } throws: { error in
            "\(error)".hasPrefix("the library's disk is full")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.scratchFolder.path) == [])

        try #require(Self.run("/bin/mount", ["-o", "remount,size=20m", disk.path]) == 0)
        let catalog = try SQLiteCatalog(path: library.catalogPath)
        let resumed = IngestPipeline(configuration: try Fixtures.pipeline(), catalog: catalog, library: library)
        try library.prepare()
        let summary = try resumed.run(roots: [root.path])
        var assets: [AssetRecord] = []
        try catalog.forEachAsset { assets.append($0) }
        #expect(summary.failed == 0, "\(assets.filter { $0.status != .ok }.map { "\($0.path): \($0.errorMessage ?? "")" })")
        #expect(assets.count == 12 && assets.allSatisfy { $0.status == .ok && $0.thumbnails.count == 2 })
        #expect(assets.allSatisfy { $0.thumbnails.allSatisfy { library.fileExists($0.relativePath) } })
        let check = try SQLiteConnection(path: library.catalogPath).statement("PRAGMA integrity_check")
        #expect(try check.step() && check.text(0) == "ok")
    }
}
