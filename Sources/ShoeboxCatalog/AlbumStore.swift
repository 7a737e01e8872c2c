/// Albums: folder albums derived from where assets are, user albums people make, their
/// covers, and the cover images rendered for them.
///
/// Every backend keeps these promises (the contract tests check them):
/// - Albums hold references: removing an asset from an album, or deleting the album, never
///   changes the asset, its thumbnails or its files.
/// - `createAlbum` is idempotent by title: an existing user album is returned, not duplicated.
/// - A user album's assets have positions 0..<count with no gap; each asset appears once.
/// - Folder albums follow the files: an asset's folder album is always the folder of its
///   current path, relative to its ingested root (files directly in a root make an album
///   titled by the root's own name). They cannot be edited, only given a cover.
/// - Counts and covers consider only shown assets (status `ok`, not `missing`).
/// - The cover: an explicit cover while it is a shown asset of the album, else the first
///   shown asset of a user album, or the newest shown asset by capture date of a folder album.
/// - Each edit is one transaction; errors are `AlbumError`, naming the album and the asset.
/// - Thread safety: every method may be called from any thread; writes are serialised.
public protocol AlbumStore: AnyObject, Sendable {
    /// Makes the user album `title`, or finds it; `created` says which. A new user album may
    /// not take the title of a folder album that shows assets (`AlbumError.folderAlbumTitle`).
    func createAlbum(titled title: String) throws -> (album: AlbumReference, created: Bool)
    /// Appends assets to a user album; assets already in it stay where they are.
    func addAssets(_ ids: [Int64], to title: String) throws
    /// Puts assets at `position` (0 = first), in the order given; assets already in the album
    /// move there. `position` may be the album's count (the end).
    func insertAssets(_ ids: [Int64], into title: String, at position: Int) throws
    /// Takes assets out of a user album (ones not in it are ignored); returns how many left.
    /// An asset removed this way stops being the album's explicit cover.
    @discardableResult
    func removeAssets(_ ids: [Int64], from title: String) throws -> Int
    /// Moves assets that are in the album to `position`, in the order given; the others keep
    /// their order around them.
    func reorderAssets(_ ids: [Int64], in title: String, at position: Int) throws
    /// Refused for the title of another user album or of a folder album that shows assets.
    func renameAlbum(_ title: String, to newTitle: String) throws
    /// Deletes a user album and its cover records; its assets are untouched.
    func deleteAlbum(_ title: String) throws
    /// Sets (or, with nil, clears) the album's explicit cover; the asset must be a shown
    /// asset of the album.
    func setCover(_ assetID: Int64?, of album: AlbumReference) throws

    /// The album a person means by `title`: the user album of that title, else the folder
    /// album, else nil.
    func album(titled title: String) throws -> AlbumReference?
    /// Every album that shows at least one asset, largest first (then by title, user albums
    /// before folder albums of the same title). With `includingCovers` false, every summary's
    /// `covers` is empty and no album's cover records are read: a listing that shows no cover
    /// images (the tab-separated `shoebox albums`) does not pay for them, which on a catalog of
    /// thousands of albums is most of what the listing sends. Everything else, the cover asset
    /// too, is the same either way. `albums()` includes them.
    func albums(includingCovers: Bool) throws -> [AlbumSummary]
    /// Every smart album (`SmartAlbum.allCases`, in that order), empty ones too: counts per
    /// kind, the cover (its newest asset) and, when included, its recorded cover images.
    /// Computed at each call from what the catalog holds.
    func smartAlbums(includingCovers: Bool) throws -> [AlbumSummary]
    /// Marks assets as the person's favorites (true), as not favorites whatever their rating
    /// (false), or takes the mark away so that their rating decides (nil). Kept across
    /// re-ingests and moves. An unknown id refuses the whole edit (`AlbumError.noSuchAsset`).
    func setFavorite(_ mark: Bool?, for ids: [Int64]) throws
    /// Hides assets (true: left out of every fetch, album, moment and place, shown in Hidden
    /// only) or shows them again (false). Kept across re-ingests and moves. An unknown id
    /// refuses the whole edit (`AlbumError.noSuchAsset`).
    func setHidden(_ hidden: Bool, for ids: [Int64]) throws
    /// Makes `id` the frame its burst is shown as (the person's pick, before the camera's
    /// cover: `BurstRepresentative`), kept across re-ingests and moves. Refused for an unknown
    /// asset (`AlbumError.noSuchAsset`) or one of no burst (`AlbumError.notABurstFrame`).
    func pickBurstRepresentative(_ id: Int64) throws
    /// One album's summary (an empty one too), or nil when there is no such album. Reads that
    /// album's row and cover records only, whatever the number of albums.
    func summary(of album: AlbumReference) throws -> AlbumSummary?
    /// The ids of the album's first `count` shown assets, in the album's order.
    func leadingAssets(of album: AlbumReference, count: Int) throws -> [Int64]

    /// Makes `covers` the album's cover images (replacing what it had).
    func recordCovers(_ covers: [CoverRecord], for album: AlbumReference) throws
    /// Every cover image path any album records, so that files no album uses can be removed.
    func recordedCoverPaths() throws -> Set<String>
}

extension AlbumStore {
    /// The album a person means by `title`; when there is none, throws `noSuchAlbum` with the
    /// title of the album they probably meant (`NearestName`), if one is close.
    public func requireAlbum(titled title: String) throws -> AlbumReference {
        if let album = try album(titled: title) { return album }
        throw AlbumError.noSuchAlbum(title, didYouMean: try nearestTitle(to: title))
    }

    /// The title of the shown or smart album nearest to `title` (a typing slip away, or the
    /// same last folder name), nil when none is close.
    public func nearestTitle(to title: String) throws -> String? {
        NearestName.suggestion(for: title, among: try albums(includingCovers: false).map { $0.album.title } + SmartAlbum.allCases.map(\.title))
    }

    /// Every album that shows at least one asset, with its cover records
    /// (`albums(includingCovers: true)`): what the gallery, `covers` and `albums --json` show.
    public func albums() throws -> [AlbumSummary] {
        try albums(includingCovers: true)
    }
}
