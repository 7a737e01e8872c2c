import Foundation
@testable import Shoebox
@testable import ShoeboxCatalog

/// Where the tests find their media: `samples/` in this repo, and the shared corpus beside
/// the clone (`../shared/corpus`), which a user's clone may not have.
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let samples = repository.appendingPathComponent("samples")

    static func sample(_ relativePath: String) -> URL { samples.appendingPathComponent(relativePath) }

    /// `../shared/corpus`, or nil when this clone has no shared folder beside it.
    static let sharedCorpus: URL? = {
        let corpus = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
    }()

    static let sharedCorpusMissing = "../shared/corpus is absent (a user's clone): skipped"

    /// Whether the tests run under a sanitizer (scripts/sanitize.sh sets these variables): its
    /// shadow memory is no measure of Shoebox's memory or page faults.
    static let underSanitizer = ["ASAN_OPTIONS", "TSAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil }
    /// Whether they run under ThreadSanitizer, whose runtime starts threads of its own in every process.
    static let underThreadSanitizer = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil

    static func corpus(_ relativePath: String) -> URL {
        (sharedCorpus ?? URL(fileURLWithPath: "/nonexistent/shared/corpus")).appendingPathComponent(relativePath)
    }

    static func pipeline() throws -> PipelineConfiguration {
        try PipelineConfiguration.load(from: repository.appendingPathComponent("pipelines/default.json"))
    }
}

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("shoebox-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    func subfolder(_ name: String) throws -> URL {
        let folder = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Copies files into `name/` (keeping their file names) and returns the folder.
    func folder(_ name: String, copying files: [URL]) throws -> URL {
        let folder = try subfolder(name)
        for file in files {
            try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(file.lastPathComponent))
        }
        return folder
    }
}

/// A library in a temporary folder with its catalog, and a way to ingest into it.
final class TestLibrary {
    let folder: TemporaryFolder
    let library: Library
    let catalog: SQLiteCatalog

    init() throws {
        folder = try TemporaryFolder()
        library = Library(root: folder.url.appendingPathComponent("library"))
        try FileManager.default.createDirectory(at: library.root, withIntermediateDirectories: true)
        try library.prepare()
        catalog = try SQLiteCatalog(path: library.catalogPath)
    }

    /// Ingests in this process. Without a `configuration`, the default pipeline with its time
    /// budgets raised to 300 s a file: in a test process the budget's watchdog can only end the
    /// whole test run, and a loaded machine (CI, parallel suites) can take 20 s over a 48 MP
    /// HEIC that takes 2 s when quiet. Tests of the budget itself run the binary.
    @discardableResult
    func ingest(_ roots: [URL], configuration: PipelineConfiguration? = nil, retryFailed: Bool = false,
                events: ((IngestEvent) -> Void)? = nil) throws -> IngestSummary {
        let pipeline = IngestPipeline(configuration: try configuration ?? Self.patientPipeline(), catalog: catalog,
                                      library: library, options: IngestOptions(jobs: 2, retryFailed: retryFailed))
        return try pipeline.run(roots: roots.map(\.path)) { events?($0) }
    }

    private static func patientPipeline() throws -> PipelineConfiguration {
        var configuration = try Fixtures.pipeline()
        configuration.limits.imageSeconds = 300
        configuration.limits.videoSeconds = 300
        return configuration
    }

    func assets() throws -> [AssetRecord] {
        var all: [AssetRecord] = []
        try catalog.forEachAsset { all.append($0) }
        return all
    }

    func asset(at url: URL) throws -> AssetRecord? {
        try catalog.asset(path: IngestPipeline.resolve(url.path))
    }
}
