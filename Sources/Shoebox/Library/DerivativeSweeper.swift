/// Removes the derivative files (thumbnails, covers) of a library that nothing in its catalog
/// refers to any more: those of old recipes, of changed content, of deleted albums.
///
/// What callers may rely on: only files in the sealed library (`Library.openSealed()`), in its
/// `thumbs/` or `covers/` shard folders, named as Shoebox names them (`LibraryFileName`), and
/// not in `keeping` are removed; links are never followed nor removed; each removal is one
/// `unlinkat`, so an interrupted sweep leaves a library as good as before, only less swept.
/// Call it under the library's lock, so no ingest is writing a file its catalog does not yet
/// record.
public struct DerivativeSweeper {
    /// The derivative folders of a library.
    public enum Folder: String, CaseIterable, Sendable {
        case thumbs, covers
    }

    /// What a sweep removed (or, dry, would remove).
    public struct Outcome: Equatable, Sendable {
        public var files = 0
        public var bytes: Int64 = 0
        /// Library-relative paths, in name order.
        public var paths: [String] = []

        public init() {}

        mutating func add(_ other: Outcome) {
            files += other.files
            bytes += other.bytes
            paths += other.paths
        }
    }

    public let library: Library
    /// When set, nothing is removed: the outcome lists what would be.
    public let dryRun: Bool

    public init(library: Library, dryRun: Bool = false) {
        self.library = library
        self.dryRun = dryRun
    }

    /// Sweeps `folder`, keeping the library-relative paths in `keeping`.
    public func sweep(_ folder: Folder, keeping: Set<String>) throws -> Outcome {
        var outcome = Outcome()
        guard let top = try library.openSealed().subfolder(folder.rawValue) else { return outcome }
        for shard in try top.names().sorted() where LibraryFileName.isShardFolder(shard) && top.entry(shard) == .folder {
            guard let files = try top.subfolder(shard) else { continue }
            outcome.add(try sweep(files, named: "\(folder.rawValue)/\(shard)", shard: shard, keeping: keeping))
            if !dryRun { top.removeFolderIfEmpty(shard) }
        }
        return outcome
    }

    private func sweep(_ folder: LibraryFolder, named prefix: String, shard: String, keeping: Set<String>) throws -> Outcome {
        var outcome = Outcome()
        for name in try folder.names().sorted() where LibraryFileName.isDerivative(name, inShard: shard) {
            let path = "\(prefix)/\(name)"
            guard !keeping.contains(path), case let .file(bytes) = folder.entry(name) else { continue }
            if !dryRun { guard try folder.removeFile(name) else { continue } }
            outcome.files += 1
            outcome.bytes += bytes
            outcome.paths.append(path)
        }
        return outcome
    }
}
