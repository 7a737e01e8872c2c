/// Files of the library that hold the same bytes: what `shoebox duplicates` lists.
public struct DuplicateGroup: Sendable, Equatable {
    /// The content hash they share (`ContentHasher`: XXH3-128 over every byte).
    public var contentHash: String
    /// The size of each copy, in bytes.
    public var fileSize: Int64
    /// Every copy on disk, `PathText`, sorted; two or more.
    public var paths: [String]

    public init(contentHash: String, fileSize: Int64, paths: [String]) {
        self.contentHash = contentHash
        self.fileSize = fileSize
        self.paths = paths
    }

    /// What keeping one copy and removing the others would free.
    public var reclaimableBytes: Int64 { fileSize * Int64(paths.count - 1) }

    /// Groups the (hash, size, path) rows of files that share a hash into groups of two copies
    /// or more (a size that differs keeps files apart, whatever their hash), the most
    /// reclaimable first, ties by their first path.
    public static func largestFirst(_ files: [(contentHash: String, fileSize: Int64, path: String)]) -> [DuplicateGroup] {
        let byContent = Dictionary(grouping: files) { "\($0.contentHash) \($0.fileSize)" }
        return byContent.values.filter { $0.count > 1 }.map { copies in
            DuplicateGroup(contentHash: copies[0].contentHash, fileSize: copies[0].fileSize, paths: copies.map(\.path).sorted())
        }.sorted { ($1.reclaimableBytes, $0.paths[0]) < ($0.reclaimableBytes, $1.paths[0]) }
    }
}
