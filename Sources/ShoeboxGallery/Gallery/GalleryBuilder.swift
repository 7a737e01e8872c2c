import Foundation

/// Builds a static gallery of a library: `index.html` (the timeline of moments, then the
/// smart, folder and user albums), `places.html`, one page per `pageSize` assets of each
/// album, moment and place, `failures.html`, and the style sheet and script, in a folder of
/// the user's choice (`GalleryFolder`). Reads the catalog only (the moments as kept:
/// `MomentStore.updateMoments` is the caller's).
///
/// The folder is whole by itself: every image a page shows is put into it (`GalleryFiles`:
/// hard linked from the library where they share a file system, else copied), animations
/// that play too; originals only when asked (`originals`). No page holds a path of the
/// library or of an original, nor `file://`.
///
/// Pages are deterministic (no build time in them), so a build after no change writes
/// nothing, and one after an ingest rewrites the pages whose albums changed.
public struct GalleryBuilder {
    public typealias Catalog = CatalogStore & AlbumStore & AssetFetching & MomentStore & PlaceStore

    public struct Outcome: Equatable, Sendable {
        public var albums = 0
        public var pages = 0
        public var moments = 0
        public var momentPages = 0
        public var places = 0
        public var placePages = 0
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        /// Web renditions of Live Photos and videos: encoded by this build, found from an
        /// earlier one, and the assets whose rendition failed (path: reason).
        public var renditionsMade = 0
        public var renditionsReused = 0
        public var renditionFailures: [String: String] = [:]
        /// Files the pages show put into the gallery by this build: hard linked, copied.
        public var filesLinked = 0
        public var filesCopied = 0
    }

    let catalog: Catalog
    let library: Library
    /// Assets a page: 200 keeps a page of long paths with full metadata near 140 KB (under 200 KB).
    public var pageSize = GalleryBuilder.defaultPageSize
    public static let defaultPageSize = 200
    /// Whether missing web renditions are encoded (`--no-video` turns it off: the ones
    /// already in the gallery are still used).
    public var encodesRenditions = true
    /// A page `shoebox profile --html` wrote, copied into the gallery as `profile.html` (the
    /// last one given stays until another is) and linked from the front page.
    public var profilePage: String?
    /// Whether the gallery holds the originals, which the photo view then opens.
    public var originals = GalleryOriginals.none

    public init(catalog: Catalog, library: Library) {
        (self.catalog, self.library) = (catalog, library)
    }

    /// Builds into `output`; with `album`, only that album's pages (and the front and
    /// failures pages), leaving the other albums', the moments' and the places' pages as they are.
    public func build(into output: String, album: String? = nil) throws -> Outcome {
        if library.contains(output) { throw GalleryError.insideTheLibrary(path: output) }
        let folder = try GalleryFolder.open(path: output)
        let summaries = try catalog.smartAlbums(includingCovers: true)
            .filter { $0.count > 0 && SmartAlbum(title: $0.album.title)?.showsHiddenAssets != true } + catalog.albums()
        let chosen = try album.map { title -> [AlbumSummary] in
            let reference = try catalog.requireAlbum(titled: title)
            guard let summary = summaries.first(where: { $0.album == reference }) else { throw GalleryError.noSuchAlbum(title: title) }
            return [summary]
        } ?? summaries
        let places = PlaceListing.tree(try catalog.placeGroups())
        let names = GalleryPageNames(albums: summaries.map(\.album), places: places.map(PlaceScope.init))
        let links = GalleryLinks(includesOriginals: originals != .none, pageNames: names)
        let files = GalleryFiles(folder: folder, library: library, linksOriginals: originals == .link)
        let pages = PageWriter(folder: folder, links: links, files: files)
        var kept: Set<String> = [GalleryFileName.style, GalleryFileName.script, GalleryFileName.index, GalleryFileName.failures,
                                 GalleryFileName.places]
        try folder.write(Data(GalleryStyle.css.utf8), as: GalleryFileName.style)
        try folder.write(Data(GalleryScript.js.utf8), as: GalleryFileName.script)
        var outcome = Outcome()
        let renditions = GalleryRenditions(folder: folder, catalog: catalog, encoding: encodesRenditions)
        for summary in chosen {
            let names = try writePages(of: summary, into: pages, renditions: renditions)
            kept.formUnion(names)
            outcome.pages += names.count
        }
        let moments = try catalog.moments(startingIn: nil)
        if album == nil {
            for moment in moments {
                let names = try writePages(of: moment, into: pages, renditions: renditions)
                kept.formUnion(names)
                outcome.momentPages += names.count
            }
        }
        outcome.moments = moments.count
        if album == nil {
            for place in places {
                let names = try writePages(of: place, into: pages, renditions: renditions)
                kept.formUnion(names)
                outcome.placePages += names.count
            }
        }
        outcome.places = places.count
        let placesPage = PlacesPage(places: try places.map { ($0, try $0.coverAssetID.flatMap(smallestThumbnail)) }, links: links)
        try pages.write(placesPage.html, as: GalleryFileName.places)
        kept.formUnion(renditions.names)
        (outcome.renditionsMade, outcome.renditionsReused) = (renditions.made, renditions.reused)
        outcome.renditionFailures = renditions.failures
        let profiled = try copyProfile(into: folder)
        if profiled { kept.insert(GalleryFileName.profile) }
        let failed = try failedAssets()
        try pages.write(FailuresPage(failed: failed).html, as: GalleryFileName.failures)
        let index = AlbumsIndexPage(albums: try summaries.map { ($0, try cover(of: $0)) },
                                    moments: try moments.map { ($0, try smallestThumbnail(of: $0.coverAssetID)) },
                                    failures: failed.count, profile: profiled, links: links)
        try pages.write(index.html, as: GalleryFileName.index)
        kept.formUnion(files.names)
        (outcome.filesLinked, outcome.filesCopied) = (files.linked, files.copied)
        outcome.albums = chosen.count
        if album == nil { outcome.removed = try folder.removeStale(keeping: kept) }
        (outcome.written, outcome.unchanged) = (folder.written, folder.unchanged)
        return outcome
    }

    /// Writes the album's pages; returns their names.
    private func writePages(of summary: AlbumSummary, into pages: PageWriter, renditions: GalleryRenditions) throws -> [String] {
        try writePages(count: summary.count, options: AssetFetchOptions(album: summary.album), into: pages, renditions: renditions) {
            AlbumPage(summary: summary, assets: $0, page: $1, pages: $2, links: pages.links, plays: $3)
        }
    }

    /// Writes the moment's pages, its assets in the order they were taken; returns their names.
    private func writePages(of moment: Moment, into pages: PageWriter, renditions: GalleryRenditions) throws -> [String] {
        try writePages(count: moment.count, options: AssetFetchOptions(moment: moment.id), into: pages, renditions: renditions) {
            AlbumPage(moment: moment, assets: $0, page: $1, pages: $2, links: pages.links, plays: $3)
        }
    }

    /// Writes the place's pages: exactly its assets (`PlaceScope`); returns their names.
    private func writePages(of place: PlaceSummary, into pages: PageWriter, renditions: GalleryRenditions) throws -> [String] {
        try writePages(count: place.count, options: AssetFetchOptions(placeScope: PlaceScope(place)), into: pages,
                       renditions: renditions) {
            AlbumPage(place: place, assets: $0, page: $1, pages: $2, links: pages.links, plays: $3)
        }
    }

    /// Writes the pages of the `count` assets `options` fetch, `pageSize` a page, each made
    /// by `page` (assets, number, pages, renditions); returns their names.
    private func writePages(count: Int, options: AssetFetchOptions, into writer: PageWriter, renditions: GalleryRenditions,
                            page makePage: ([AssetRecord], Int, Int, [Int64: String]) -> AlbumPage) throws -> [String] {
        let pages = max(1, (count + pageSize - 1) / pageSize)
        var names: [String] = []
        var cursor: AssetCursor?
        for page in 1...pages {
            let fetched = try catalog.fetchPage(options, after: cursor, size: pageSize)
            var plays: [Int64: String] = [:]
            for asset in fetched.assets { plays[asset.id] = renditions.rendition(for: asset) }
            let built = makePage(fetched.assets, page, pages, plays)
            let name = built.pageName(page)
            try writer.write(built.html, as: name)
            names.append(name)
            cursor = fetched.next
            if cursor == nil && page < pages { break }
        }
        return names
    }

    /// Copies `profilePage` into the gallery when given; returns whether the gallery has a
    /// profile page (this one or one an earlier build copied).
    private func copyProfile(into folder: GalleryFolder) throws -> Bool {
        guard let profilePage else { return folder.holdsFile(GalleryFileName.profile) }
        guard let data = FileManager.default.contents(atPath: profilePage) else {
            throw GalleryError.unreadableProfile(path: profilePage, reason: "cannot be read")
        }
        guard ProfileHTML.isProfilePage(data) else {
            throw GalleryError.unreadableProfile(path: profilePage, reason: "is not a page shoebox profile --html wrote")
        }
        try folder.write(data, as: GalleryFileName.profile)
        return true
    }

    /// A rendered cover image when `shoebox covers` made one, else the cover asset's smallest thumbnail.
    private func cover(of summary: AlbumSummary) throws -> ThumbnailRecord? {
        if let rendered = summary.covers.min(by: { $0.name < $1.name }) { return rendered }
        return try summary.coverAssetID.flatMap(smallestThumbnail)
    }

    private func smallestThumbnail(of id: Int64) throws -> ThumbnailRecord? {
        try catalog.asset(id: id)?.thumbnails.min { $0.width < $1.width }
    }

    private func failedAssets() throws -> [AssetRecord] {
        var failed: [AssetRecord] = []
        try catalog.forEachAsset { asset in if asset.status != .ok && !asset.missing { failed.append(asset) } }
        return failed
    }

}
