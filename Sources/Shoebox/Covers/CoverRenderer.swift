import Foundation

/// Renders each album's cover images ahead of time: a square attention crop of its cover
/// asset and a 2x2 mosaic of its first four assets, at each size.
///
/// Files are named by their source assets' content hashes and the spec's recipe hash, so an
/// image is rendered only when the album's cover (or first four assets), their content, or the
/// spec changed; albums with the same cover share the file. Files appear atomically (written
/// to the library's `tmp/`, then renamed) before the catalog records them. An album's cover
/// records become exactly this renderer's specs. Call from one thread at a time per library
/// (the `covers` command holds the library lock).
public struct CoverRenderer {
    public let catalog: any CatalogStore & AlbumStore
    public let library: Library
    /// Whose decode limits and video poster position apply.
    public let configuration: PipelineConfiguration
    public let specs: [CoverSpec]

    public init(catalog: any CatalogStore & AlbumStore, library: Library, configuration: PipelineConfiguration,
                sizes: [Int] = [512]) {
        self.catalog = catalog
        self.library = library
        self.configuration = configuration
        self.specs = CoverSpec.specs(sizes: sizes)
    }

    /// Brings one album's cover images up to date. An empty album gets none.
    public func render(_ album: AlbumSummary) throws -> CoverOutcome {
        var outcome = CoverOutcome(album: album.album)
        guard let coverID = album.coverAssetID else { return outcome }
        let title = album.album.title
        let cover = try asset(coverID, album: title)
        let leading = try catalog.leadingAssets(of: album.album, count: 4).map { try asset($0, album: title) }
        let planned = specs.map { spec in (spec, record(spec, sources: spec.layout == .cover ? [cover] : leading)) }
        let missing = planned.filter { !library.fileExists($0.1.relativePath) }
        let images = try SourceSquares(maker: CoverImageMaker(configuration: configuration, album: title),
                                       cover: cover, leading: leading, needed: missing.map(\.0))
        for (spec, record) in missing {
            try write(try image(spec, from: images, album: title), spec: spec, to: record.relativePath, album: title)
        }
        outcome.rendered = missing.map(\.0.name)
        outcome.unchanged = planned.map(\.0.name).filter { !outcome.rendered.contains($0) }
        let records = planned.map(\.1)
        if records != album.covers { try catalog.recordCovers(records, for: album.album) }
        return outcome
    }

    /// Removes cover files that no album records any more (covers of deleted albums, of
    /// covers that changed), by `DerivativeSweeper`'s rules; returns how many.
    @discardableResult
    public func removeUnusedFiles() throws -> Int {
        try DerivativeSweeper(library: library).sweep(.covers, keeping: catalog.recordedCoverPaths()).files
    }

    private func record(_ spec: CoverSpec, sources: [AssetRecord]) -> CoverRecord {
        let hashes = sources.map { $0.contentHash ?? "" }
        let key = spec.layout == .cover ? hashes[0] : ContentHasher.hash(hashes.joined(separator: "\n"))
        let path = library.coverRelativePath(sourceKey: key, recipeHash: spec.recipeHash, format: spec.format)
        return CoverRecord(name: spec.name, recipe: spec.recipeHash, width: spec.size, height: spec.size, relativePath: path)
    }

    private func asset(_ id: Int64, album: String) throws -> AssetRecord {
        guard let asset = try catalog.asset(id: id) else { throw CoverError.noSuchAsset(album: album, asset: id) }
        return asset
    }

    private func image(_ spec: CoverSpec, from images: SourceSquares, album: String) throws -> VipsImage {
        do { return try images.image(for: spec) } catch let error as MediaError {
            throw CoverError.cannotRender(album: album, image: spec.name, reason: "\(error)")
        }
    }

    private func write(_ image: VipsImage, spec: CoverSpec, to relativePath: String, album: String) throws {
        let destination = library.absolutePath(relativePath)
        do {
            let data = try image.encoded(as: spec.format, quality: spec.quality)
            try AtomicFileWriter.write(data, toRelativePath: relativePath, in: library)
        } catch {
            throw CoverError.cannotWrite(album: album, path: destination, reason: "\(error)")
        }
    }
}
