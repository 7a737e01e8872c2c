/// The square crops one album's cover images are made from, each source decoded once.
///
/// The cover asset is cropped at the largest cover size wanted and the first four assets at
/// the largest mosaic tile; every smaller size is resized from those, so a run with several
/// sizes decodes each original once.
struct SourceSquares {
    private let cover: VipsImage?
    private let tiles: [VipsImage]

    /// Decodes only what the `needed` specs use (nothing when every image is up to date).
    init(maker: CoverImageMaker, cover: AssetRecord, leading: [AssetRecord], needed: [CoverSpec]) throws {
        let coverSide = needed.filter { $0.layout == .cover }.map(\.size).max()
        let mosaicSide = needed.filter { $0.layout == .mosaic }.map(\.size).max()
        self.cover = try coverSide.map { try maker.square(cover, side: $0) }
        self.tiles = try mosaicSide.map { side in try leading.map { try maker.square($0, side: Self.tile(side)) } } ?? []
    }

    /// A mosaic's cells are half its size, rounded up (the mosaic is then resized to fit).
    static func tile(_ size: Int) -> Int { (size + 1) / 2 }

    func image(for spec: CoverSpec) throws -> VipsImage {
        switch spec.layout {
        case .cover:
            guard let cover else { throw MediaError.vips(operation: "cover", message: "the cover was not decoded") }
            return try cover.resized(toWidth: spec.size, height: spec.size)
        case .mosaic:
            let tile = Self.tile(spec.size)
            let cells = try tiles.map { try $0.resized(toWidth: tile, height: tile) }
            return try VipsImage.mosaic(cells, tile: tile).resized(toWidth: spec.size, height: spec.size)
        }
    }
}
