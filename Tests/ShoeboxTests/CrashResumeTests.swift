import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// `kill -9` at any moment loses nothing: the next run finishes the job, and no half-written
/// row, thumbnail or temporary file remains.
@Suite struct CrashResumeTests {
    @Test func killedRunsResumeToACompleteConsistentLibrary() throws {
        let folder = try TemporaryFolder()
        let root = try folder.subfolder("photos")
        let originals = try FileManager.default.contentsOfDirectory(atPath: Fixtures.sample("orientation").path)
        for copy in 0..<15 {
            let subfolder = root.appendingPathComponent("copy\(copy)")
            try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
            for name in originals + ["../panorama.jpg", "../screenshot.png", "../photo.heic"] {
                let source = Fixtures.sample("orientation").appendingPathComponent(name).standardizedFileURL
                try FileManager.default.copyItem(at: source, to: subfolder.appendingPathComponent(source.lastPathComponent))
            }
        }
        let fileCount = 15 * 11
        let library = folder.url.appendingPathComponent("library")
        var generator = SeededGenerator.fromEnvironment(for: "killedRunsResumeToACompleteConsistentLibrary")
        for _ in 0..<20 {
            let process = try start(["ingest", root.path, "--library", library.path])
            usleep(UInt32.random(in: 20_000...400_000, using: &generator))   // the kill point: the time is what is tested
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let final = try start(["ingest", root.path, "--library", library.path])
        final.waitUntilExit()
        #expect(final.terminationStatus == 0, "seed \(generator.seed)")

        let connection = try SQLiteConnection(path: library.appendingPathComponent("catalog.sqlite").path)
        let check = try connection.statement("PRAGMA integrity_check")
        #expect(try check.step() && check.text(0) == "ok")
        let catalog = try SQLiteCatalog(path: library.appendingPathComponent("catalog.sqlite").path)
        var assets: [AssetRecord] = []
        try catalog.forEachAsset { assets.append($0) }
        #expect(assets.count == fileCount)
        #expect(Set(assets.map(\.path)).count == fileCount)
        #expect(assets.allSatisfy { $0.status == .ok && $0.thumbnails.count == 2 })
        let referenced = Set(assets.flatMap { $0.thumbnails.map(\.relativePath) })
        let onDisk = try thumbnailFiles(under: library)
        #expect(onDisk == referenced, "orphan or missing thumbnails")
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("tmp").path) == [])
    }

    private func start(_ arguments: [String]) throws -> Process {
        let process = try ShoeboxBinary.process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private func thumbnailFiles(under library: URL) throws -> Set<String> {
        let thumbs = library.appendingPathComponent("thumbs")
        var files: Set<String> = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: thumbs.path) {
            for file in try FileManager.default.contentsOfDirectory(atPath: thumbs.appendingPathComponent(folder).path) {
                files.insert("thumbs/\(folder)/\(file)")
            }
        }
        return files
    }
}
