import Foundation
/// The catalog: where assets, their thumbnails and their failures are kept.
///
/// Every backend keeps these promises (the contract tests check them):
/// - Atomicity: `record` writes an asset and all its thumbnail rows in one transaction;
///   after a crash either all of them are there or none are.
/// - Idempotence: recording the same file twice updates one asset, never adds a second;
///   an asset is identified by its path, and `replacing` moves an asset to a new path.
/// - Ids are the catalog's to choose (not 1..n, not without gaps): callers hold only the ids
///   `record` and the lookups return.
/// - Paths are bytes (`PathText`): matched and ordered byte for byte, never by Unicode
///   equivalence (`é` as one code point and as `e` plus an accent are two files).
/// - Thread safety: every method may be called from any thread; writes are serialised, also
///   between two handles on one catalog (two processes writing at once).
/// - Nothing is dropped silently: files gone from disk are flagged `missing`, not deleted.
public protocol CatalogStore: AnyObject, Sendable {
    /// The asset recorded at `path`, if any.
    func entry(atPath path: String) throws -> CatalogEntry?
    /// Up to `limit` assets with this content hash that `run` has not seen yet, those flagged
    /// missing first: the candidates for a file that moved. (Bounded, so that a library holding
    /// thousands of copies of one file does not make each copy's lookup slower.)
    func entries(withContentHash hash: String, notSeenIn run: Int64, limit: Int) throws -> [CatalogEntry]

    /// Starts an ingest run over `roots`; the run number marks every file it sees.
    func beginRun(roots: [String]) throws -> Int64
    /// Writes a successfully processed asset and its thumbnails, and pairs a still with its
    /// Live Photo video (or a video with its still) by `LivePhotoPairing`, all in one
    /// transaction; returns its id.
    @discardableResult
    func record(_ asset: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws -> Int64
    /// Writes a failed file (a new row, or the existing asset marked failed).
    func recordFailure(_ failure: IngestError, file: DiscoveredFile, contentHash: String?,
                       existingID: Int64?, run: Int64) throws
    /// Records that unchanged assets were seen by this run; one that was flagged missing pairs
    /// again with its Live Photo counterpart by `LivePhotoPairing`.
    func markSeen(_ ids: [Int64], run: Int64, livePhotoRules: LivePhotoRules) throws
    /// Moves an asset to a new path or stamp without touching its content or thumbnails; an
    /// unpaired still or video pairs with its Live Photo counterpart if there is one.
    func relocate(_ id: Int64, to file: DiscoveredFile, run: Int64, livePhotoRules: LivePhotoRules) throws
    /// For an asset whose evidence was read again and whose pixels were not (its sidecars
    /// changed, or an earlier `EvidenceReading` read it): records the draft as `record` does
    /// (path, stamps, metadata, kind, subtypes, burst, pairing, grouping, visibility) and keeps
    /// its thumbnails.
    func refreshMetadata(_ id: Int64, from draft: AssetDraft, run: Int64, livePhotoRules: LivePhotoRules) throws
    /// Flags as missing every asset under `root` that `run` did not see; returns their paths,
    /// sorted (what `ingest --json` reports, one line each). A
    /// Live Photo that loses a file comes apart (`LivePhotoPairing.stands`): its still is a
    /// photo and its video a video again, each flagged missing or not.
    func markMissing(under root: String, notSeenIn run: Int64) throws -> [String]
    /// Notes that `run` saw a file that is only ever a resource of an asset
    /// (`ResourceGrouping.isResourceFile`: an `.aae`), and groups it with its asset by
    /// `ResourceGrouping`. `markMissing` forgets such files that its run did not see.
    func recordResourceFile(atPath path: String, status: FileStatus, run: Int64) throws

    /// Takes out of the catalog every asset at `path` or under it (a file, or a folder's
    /// files) and the resource files there, with their album memberships and thumbnail
    /// records; never touches a file (`shoebox gc` then removes the thumbnails no asset
    /// refers to). A Live Photo's half left behind comes apart, groups and bursts form again
    /// without them, their moments are cut again. Returns the assets' paths, sorted.
    func forget(under path: String) throws -> [String]
    /// `forget` for every asset flagged missing at or before `date` (and not seen since), to
    /// the second the catalog keeps.
    func forgetMissing(before date: Date) throws -> [String]

    /// Every asset, ordered by path, handed to `body` one at a time.
    func forEachAsset(_ body: (AssetRecord) throws -> Void) throws
    func asset(id: Int64) throws -> AssetRecord?
    func asset(path: String) throws -> AssetRecord?
    /// The library-relative path of every thumbnail file an asset refers to (missing and
    /// failed assets included): what `shoebox gc` keeps.
    func recordedThumbnailPaths() throws -> Set<String>

    /// The work queue this catalog holds, which workers on many machines share an ingest
    /// through (a PostgreSQL catalog's: `WorkQueue`); nil for one that holds none (SQLite's,
    /// one machine's).
    var workQueue: (any WorkQueue)? { get }
}

extension CatalogStore {
    /// Records with the standard Live Photo rules.
    @discardableResult
    public func record(_ asset: AssetDraft, run: Int64) throws -> Int64 {
        try record(asset, run: run, livePhotoRules: .standard)
    }

    /// Marks seen with the standard Live Photo rules.
    public func markSeen(_ ids: [Int64], run: Int64) throws {
        try markSeen(ids, run: run, livePhotoRules: .standard)
    }

    /// Relocates with the standard Live Photo rules.
    public func relocate(_ id: Int64, to file: DiscoveredFile, run: Int64) throws {
        try relocate(id, to: file, run: run, livePhotoRules: .standard)
    }
}
