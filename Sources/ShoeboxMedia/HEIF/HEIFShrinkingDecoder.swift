import CVips

/// Decodes a HEIF image (HEVC through libavcodec or libde265, `HEVCEngine`, or AV1 through
/// dav1d: HEIC and AVIF) to a
/// small one directly, for thumbnails: the embedded thumbnail when it serves the box, else the
/// primary image (a single picture or a grid of tiles) shrunk tile by tile in YCbCr
/// (`YCbCrBoxShrinker`), so no full-size RGB picture is ever made and at most one decoded
/// tile is alive at a time. 10-bit pictures are shrunk from their 16-bit samples straight to
/// 8-bit.
/// The HEIF transformations (`irot`, `imir`) are applied to the small result.
///
/// Returns nil for what this route does not handle (alpha, a crop,
/// an unknown colour matrix, anything malformed); the caller then decodes with libvips, which
/// has the final word on whether the file is damaged.
package struct HEIFShrinkingDecoder {
    /// The shrunk picture (8-bit sRGB, in memory) and how to turn it upright.
    package struct Result {
        package let image: VipsImage
        package var width: Int { image.width }
        var height: Int { image.height }
        let transforms: [HEIFProperty]
        package let usedThumbnail: Bool
        /// The decoders that decoded the HEVC pictures (empty for AV1): the plan's engine, or
        /// libde265 for a picture libavcodec declined.
        package let hevcEngines: Set<HEVCEngine>
    }

    let bytes: UnsafeRawBufferPointer
    /// How many readable bytes follow `bytes` in memory (`SourceBytes.padding`).
    let padding: Int
    let container: HEIFContainer

    /// Sizes past these are declined before anything is allocated for them (the pipeline's
    /// own pixel limit, checked on the libvips header, is lower by default).
    static let maxSide = 1 << 16
    static let maxPixels = 1 << 30

    /// `container` is the one `bytes` hold, when the caller has parsed it already. `padding`:
    /// how many readable bytes follow `bytes` in memory; a coded picture that ends at least
    /// FFmpeg's padding before the end of those goes to libavcodec without a copy.
    package init?(_ bytes: UnsafeRawBufferPointer, padding: Int = 0, container: HEIFContainer? = nil) {
        guard let container = container ?? HEIFContainer.parse(bytes) else { return nil }
        self.bytes = bytes
        self.padding = padding
        self.container = container
    }

    /// Shrinks to at least `box` (displayed orientation) by a whole, even factor; nil when the
    /// picture is not at least twice the box (there is nothing to save) or the route does not
    /// handle the file. The HEVC loop filters (deblocking, SAO) are skipped at every factor:
    /// each output pixel averages 4 or more samples, which hides most of the block edges they
    /// smooth. At a factor of 4 and more (the 256 px thumbnails) the distance to a full-decode
    /// Lanczos reference is the same with and without them; at 2 (the 1440 px preview of a
    /// 12 MP picture) the shrink without them is 0.12-0.37 levels from the one with them on
    /// average, 15 at most, on the bench corpus's 24 HEICs, and thumb + preview takes a sixth
    /// less CPU (docs/BENCHMARKS.md, issue 14). AV1's filters are skipped from 4 up only.
    /// With `primarySize` (what libvips read from the header, displayed) the primary image
    /// must be exactly that size, so the limits checked on the header hold here too.
    package func decode(covering box: PixelSize, primarySize: PixelSize? = nil) -> Result? {
        plan(covering: box, primarySize: primarySize).flatMap(decode)
    }

    /// What `decode` does for a box, worked out from the container alone, before anything is
    /// decoded: the item (the primary image or a thumbnail), its tiles, the shrink factor, and
    /// what that holds at once (`peakBytes`), for the decode-memory budget.
    package struct Plan {
        typealias Tile = (item: HEIFContainer.Item, x: Int, y: Int)
        let item: HEIFContainer.Item
        let size: PixelSize
        package let factor: Int
        let transforms: [HEIFProperty]
        let tiles: [Tile]
        let usedThumbnail: Bool
        /// One tile's size (the whole picture's when it is not a grid).
        package let tilePixels: PixelSize
        /// The samples' depth, from `av1C` or `hvcC`.
        let bitDepth: Int
        /// The largest of: one decoded tile with the YCbCr sums (6 or 12 bytes an output
        /// pixel) and the tile's data when its extents are joined; or the sums and the RGB output
        /// (3 bytes a pixel), with as much again for what the fit makes of it, at the end.
        package let peakBytes: Int
        /// Whether the codec's in-loop filters (HEVC deblocking and SAO, AV1's) are skipped
        /// (`skipsLoopFilters(codec:factor:)`). A `var` so a test can decode a plan both ways.
        package var skipsLoopFilters: Bool
        /// The HEVC decoder asked for (`HEVCEngine`); a `var` so a test can decode a plan with each.
        package var hevcEngine = HEVCEngine.libavcodec
        /// The threads libavcodec may decode a picture with: 1 unless whoever admits the plan
        /// (the decode-memory budget) has a core to spare for it. The same samples either way.
        package var decodeThreads = 1
        /// `hvc1` or `av01`.
        package var codec: String { tiles[0].item.type }
    }

    /// The plan for `box` (displayed orientation); nil when this route does not handle the file
    /// (see `decode(covering:primarySize:)`).
    package func plan(covering box: PixelSize, primarySize: PixelSize? = nil) -> Plan? {
        guard let primary = container.primary, Self.codedTypes.contains(primary.type) || primary.type == "grid",
              !hasAlpha(primary), let transforms = transforms(of: primary),
              let stored = spatialExtent(of: primary) else { return nil }
        let shown = displayed(stored, transforms)
        if let primarySize, primarySize != shown { return nil }
        let item = thumbnail(of: primary, shown: shown, covering: box) ?? primary
        guard let itemTransforms = item.id == primary.id ? transforms : self.transforms(of: item),
              let size = spatialExtent(of: item),
              size.width <= Self.maxSide, size.height <= Self.maxSide, size.width * size.height <= Self.maxPixels
        else { return nil }
        let codedBox = displayed(box, itemTransforms)   // a quarter turn is its own inverse here
        // A thumbnail chosen for covering the box is converted whole when it is not twice it.
        guard let factor = Self.evenFactor(size: size, box: codedBox) ?? (item.id == primary.id ? nil : 1),
              let tiles = tiles(of: item),
              let first = tiles.first, let tileSize = spatialExtent(of: first.item),
              tiles.allSatisfy({ $0.item.type == first.item.type }),
              let picture = decodedBytes(first.item, size: tileSize) else { return nil }
        let depth = bitDepth(of: first.item)
        let output = ((size.width + factor - 1) / factor) * ((size.height + factor - 1) / factor)
        let sums = YCbCrBoxShrinker<UInt16>.fits(factor: factor, bitDepth: depth)
            ? YCbCrBoxShrinker<UInt16>.sumBytes(outputPixels: output) : YCbCrBoxShrinker<UInt32>.sumBytes(outputPixels: output)
        let joinedData = tiles.map { $0.item.extents.count > 1 ? $0.item.extents.reduce(0) { $0 + $1.count } : 0 }.max() ?? 0
        let peak = max(picture + joinedData + sums, sums + 6 * output)
        return Plan(item: item, size: size, factor: factor, transforms: itemTransforms, tiles: tiles,
                    usedThumbnail: item.id != primary.id, tilePixels: tileSize, bitDepth: depth, peakBytes: peak,
                    skipsLoopFilters: Self.skipsLoopFilters(codec: first.item.type, factor: factor))
    }

    /// What the codec's decoder holds for one picture of `size`: dav1d its planes
    /// (`AV1Decoder.pictureBytes`, from `av1C`), its copy of the data and its per-frame state
    /// (half a byte a pixel: 10 MB over the planes measured on 20 MP); an HEVC decoder its copy
    /// of the data and about 3 bytes a pixel at 8 bits, the picture and its per-block state
    /// (libde265 2.9 measured on a 48 MP picture: 283 MB over an idle ingest, 145 MB of it the
    /// sums of a shrink by 2; libavcodec 3.1 on a 12 MP one, its copy of the data included),
    /// and 5 above, where the picture's 1.5 bytes a pixel double.
    private func decodedBytes(_ item: HEIFContainer.Item, size: PixelSize) -> Int? {
        let data = item.extents.reduce(0) { $0 + $1.count }
        guard item.type == "av01" else {
            return data + size.width * size.height * (bitDepth(of: item) > 8 ? 5 : 3)
        }
        for case let .av1Configuration(depth, monochrome, shiftX, shiftY) in item.properties {
            return data + size.width * size.height / 2 + AV1Decoder.pictureBytes(width: size.width, height: size.height, bitDepth: depth,
                                                  chromaShift: monochrome ? nil : (shiftX, shiftY))
        }
        return nil
    }

    /// Decodes as `plan` says; nil when a tile cannot be decoded or is not what the container
    /// said (libvips then judges the file).
    func decode(_ plan: Plan) -> Result? {
        let shrunk = YCbCrBoxShrinker<UInt16>.fits(factor: plan.factor, bitDepth: plan.bitDepth)
            ? shrink(plan, into: UInt16.self) : shrink(plan, into: UInt32.self)
        guard let shrunk else { return nil }
        return Result(image: shrunk.image, transforms: plan.transforms, usedThumbnail: plan.usedThumbnail,
                      hevcEngines: shrunk.engines)
    }

    /// The luma depth `av1C` or `hvcC` gives (`hvcC`'s 18th byte: bitDepthLumaMinus8); 8
    /// when neither says.
    private func bitDepth(of item: HEIFContainer.Item) -> Int {
        for case let .av1Configuration(depth, _, _, _) in item.properties { return depth }
        if let configuration = hvcC(of: item), configuration.count > 17 { return 8 + Int(configuration[17] & 7) }
        return 8
    }

    static let codedTypes: Set<String> = ["hvc1", "av01"]

    /// Whether a shrink by `factor` decodes `codec` without its in-loop filters: HEVC from 2
    /// up, AV1 from 4 (its filters at a shrink of 2 are not measured; see
    /// `decode(covering:primarySize:)`).
    static func skipsLoopFilters(codec: String, factor: Int) -> Bool {
        factor >= (codec == "hvc1" ? 2 : 4)
    }

    /// Twice the box: a box filter alone aliases fine detail (foliage, fabric), so it stops at
    /// twice the size and the Lanczos resize to the box does the rest, as libvips's own
    /// shrink-then-reduce does.
    static func withMargin(_ box: PixelSize) -> PixelSize {
        PixelSize(width: box.width * 2, height: box.height * 2)
    }

    /// The largest even factor that leaves the picture at least twice `box`, else 2 when that
    /// still covers `box`, else nil.
    package static func evenFactor(size: PixelSize, box: PixelSize) -> Int? {
        func fit(_ box: PixelSize) -> Int { min(size.width / max(box.width, 1), size.height / max(box.height, 1)) }
        let withMargin = fit(withMargin(box))
        if withMargin >= 2 { return withMargin - withMargin % 2 }
        return fit(box) >= 2 ? 2 : nil
    }

    /// The item's coded pictures, each at its place: itself, or a grid's tiles.
    private func tiles(of item: HEIFContainer.Item) -> [Plan.Tile]? {
        if Self.codedTypes.contains(item.type) { return [(item, 0, 0)] }
        guard let grid = item.withData(in: bytes, HEIFGrid.init) else { return nil }
        return gridTiles(item, grid)
    }

    /// Every tile decoded in turn (by one libavcodec decoder) and added to one shrinker, each
    /// tile's picture released before the next is decoded; the sums then converted to RGB
    /// through the colour coding.
    private func shrink<Sum: FixedWidthInteger & UnsignedInteger>(_ plan: Plan, into _: Sum.Type)
        -> (image: VipsImage, engines: Set<HEVCEngine>)? {
        let (size, factor, tiles, skipLoopFilters) = (plan.size, plan.factor, plan.tiles, plan.skipsLoopFilters)
        var shrinker: YCbCrBoxShrinker<Sum>?
        var engines: Set<HEVCEngine> = []
        var monochrome = false
        var stream = (2, false)
        let libavcodec = FFmpegHEVCDecoder(maxPixels: Self.maxPixels, skipLoopFilters: skipLoopFilters, keepsOpen: tiles.count > 1,
                                          threads: plan.decodeThreads)
        for tile in tiles {
            guard tile.item.type == tiles[0].item.type, let declared = spatialExtent(of: tile.item) else { return nil }
            let decoded: Bool? = tile.item.withData(in: bytes) { data in
                do {
                    let engine = try decodeTile(tile.item, data: data, readableAfter: readableBytes(after: data),
                                                skipLoopFilters: skipLoopFilters,
                                                engine: plan.hevcEngine, libavcodec: libavcodec) { planes in
                        // A picture smaller than its item claims would leave part of the image
                        // black: the file is not what it says, and libvips should judge it.
                        guard planes.luma.width >= declared.width, planes.luma.height >= declared.height else {
                            throw PictureDecodeError.damaged(codec: "HEVC", "the picture is smaller than its item's size")
                        }
                        if shrinker == nil {
                            monochrome = planes.chroma == nil
                            stream = (planes.streamMatrix, planes.streamFullRange)
                            shrinker = YCbCrBoxShrinker(width: size.width, height: size.height, factor: factor,
                                                        chromaShift: planes.chromaShift, bitDepth: planes.bitDepth)
                        }
                        guard shrinker!.chromaShift == planes.chromaShift, monochrome == (planes.chroma == nil),
                              shrinker!.bitDepth == planes.bitDepth, planes.bitDepth == plan.bitDepth else {
                            throw PictureDecodeError.unsupported(codec: "HEVC", "tiles differ in chroma format or depth")
                        }
                        shrinker!.add(planes, x: tile.x, y: tile.y)
                    }
                    if let engine { engines.insert(engine) }
                    return true
                } catch {
                    return nil
                }
            }
            guard decoded == true else { return nil }
        }
        libavcodec.close()
        guard let shrinker, let coding = coding(of: plan.item, stream: stream),
              (try? Vips.startWithoutModules()) != nil,
              let made = sb_vips_image_new_pixels(Int32(shrinker.outputWidth), Int32(shrinker.outputHeight), 3, 1, 1)
        else { return nil }
        let image = VipsImage(owning: made)
        let count = shrinker.outputWidth * shrinker.outputHeight * 3
        shrinker.rgb(coding, monochrome: monochrome, into: UnsafeMutableBufferPointer(start: sb_vips_image_pixels(made), count: count))
        return (image, engines)
    }

    /// Decodes one coded item (a picture or a grid tile) with its codec's decoder; returns the
    /// HEVC engine that decoded it, nil for AV1.
    private func decodeTile(_ item: HEIFContainer.Item, data: UnsafeRawBufferPointer, readableAfter: Int,
                            skipLoopFilters: Bool, engine: HEVCEngine, libavcodec: FFmpegHEVCDecoder,
                            _ body: (YCbCrPlanes) throws -> Void) throws -> HEVCEngine? {
        if item.type == "av01" {
            try LibraryClock.measure(.dav1d) {
                try AV1Decoder.decode(data: data, maxPixels: Self.maxPixels, skipLoopFilters: skipLoopFilters) { planes in
                    try LibraryClock.measure(.resampler) { try body(planes) }
                }
            }
            return nil
        }
        guard item.type == "hvc1", let configuration = hvcC(of: item) else {
            throw PictureDecodeError.unsupported(codec: "HEVC", "a \(item.type) item")
        }
        return try engine.decode(configuration: configuration, data: data, readableAfter: readableAfter,
                                 libavcodec: libavcodec, body)
    }

    /// How many readable bytes follow `data` in memory: the rest of the file and its padding
    /// when `data` is a range of the file's bytes, none when it was joined from several extents.
    func readableBytes(after data: UnsafeRawBufferPointer) -> Int {
        guard let start = data.baseAddress, let fileStart = bytes.baseAddress,
              start >= fileStart, start + data.count <= fileStart + bytes.count else { return 0 }
        return fileStart + bytes.count - (start + data.count) + padding
    }

    /// Tiles in row order, each at its place; all tiles share the first tile's size, and
    /// together they must cover the grid's output size.
    private func gridTiles(_ item: HEIFContainer.Item, _ grid: HEIFGrid) -> [(item: HEIFContainer.Item, x: Int, y: Int)]? {
        let ids = container.targets(of: item.id, type: "dimg")
        guard ids.count == grid.rows * grid.columns, let first = ids.first.flatMap({ container.items[$0] }),
              let tileSize = spatialExtent(of: first), tileSize.width <= Self.maxSide, tileSize.height <= Self.maxSide,
              grid.columns * tileSize.width >= grid.outputWidth, grid.rows * tileSize.height >= grid.outputHeight
        else { return nil }
        var tiles: [(item: HEIFContainer.Item, x: Int, y: Int)] = []
        for (index, id) in ids.enumerated() {
            guard let tile = container.items[id], transforms(of: tile)?.isEmpty == true,
                  spatialExtent(of: tile) == tileSize else { return nil }
            tiles.append((tile, (index % grid.columns) * tileSize.width, (index / grid.columns) * tileSize.height))
        }
        return tiles
    }

    /// The primary image's embedded thumbnail (`thmb`) that serves `box`, as libvips's
    /// `thumbnail` takes one: at least the box's size once turned as it says, and the same
    /// picture as the primary one (`shown`, displayed) as far as its size tells: the same
    /// aspect to within a pixel, so a thumbnail on its side or of another crop is not taken.
    /// Of several, the smallest that serves. One under twice the box is converted whole
    /// (`plan`), so it is a little softer than a shrink of the primary image would be (libvips's
    /// is the same); iPhones store 320 x 240.
    private func thumbnail(of primary: HEIFContainer.Item, shown: PixelSize, covering box: PixelSize) -> HEIFContainer.Item? {
        container.sources(pointingTo: primary.id, type: "thmb")
            .compactMap { container.items[$0] }
            .filter { Self.codedTypes.contains($0.type) && !hasAlpha($0) }
            .compactMap { item -> (HEIFContainer.Item, PixelSize)? in
                guard let size = spatialExtent(of: item), let transforms = transforms(of: item) else { return nil }
                let thumbnail = displayed(size, transforms)
                guard thumbnail.width >= box.width, thumbnail.height >= box.height,
                      Self.sameAspect(thumbnail, shown) else { return nil }
                return (item, thumbnail)
            }
            .min { $0.1.width * $0.1.height < $1.1.width * $1.1.height }?.0
    }

    /// Whether `small` is `large` scaled by one factor, each side to within a pixel (its
    /// sides rounded): the factors that width and height allow overlap.
    static func sameAspect(_ small: PixelSize, _ large: PixelSize) -> Bool {
        func factors(_ side: Int, of whole: Int) -> ClosedRange<Double> {
            Double(side - 1) / Double(whole)...Double(side + 1) / Double(whole)
        }
        return factors(small.width, of: large.width).overlaps(factors(small.height, of: large.height))
    }

    /// The item's size: `ispe`, or a grid's output size.
    private func spatialExtent(of item: HEIFContainer.Item) -> PixelSize? {
        if item.type == "grid", let grid = item.withData(in: bytes, HEIFGrid.init) {
            return PixelSize(width: grid.outputWidth, height: grid.outputHeight)
        }
        for case let .spatialExtent(width, height) in item.properties where width > 0 && height > 0 {
            return PixelSize(width: width, height: height)
        }
        return nil
    }

    /// `irot` and `imir` in association order; nil when a crop (`clap`) is asked for.
    private func transforms(of item: HEIFContainer.Item) -> [HEIFProperty]? {
        if item.properties.contains(.cleanAperture) { return nil }
        return item.properties.filter {
            switch $0 {
            case .rotation, .mirror: return true
            default: return false
            }
        }
    }

    /// `size` after `transforms`: an odd number of quarter turns swaps its sides.
    private func displayed(_ size: PixelSize, _ transforms: [HEIFProperty]) -> PixelSize {
        let turns = transforms.reduce(0) { turns, transform in
            if case let .rotation(quarters) = transform { return turns + quarters }
            return turns
        }
        return turns % 2 == 1 ? size.transposed : size
    }

    /// The colour box's matrix and range when there is one, else the stream's own (VUI), as
    /// libheif decides (an unspecified matrix is taken as BT.601).
    private func coding(of item: HEIFContainer.Item, stream: (matrix: Int, fullRange: Bool)) -> YCbCrCoding? {
        for case let .colourCoding(matrix, fullRange) in item.properties {
            return YCbCrCoding(matrix: matrix, fullRange: fullRange)
        }
        return YCbCrCoding(matrix: stream.matrix, fullRange: stream.fullRange)
    }

    /// Whether an auxiliary image (`auxl`) of `item` is its alpha plane (the names libheif knows).
    private func hasAlpha(_ item: HEIFContainer.Item) -> Bool {
        let alpha: Set<String> = ["urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:avc:2015:auxid:1",
                                  "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha"]
        return container.sources(pointingTo: item.id, type: "auxl").contains { id in
            container.items[id]?.properties.contains { property in
                if case let .auxiliaryType(kind) = property { return alpha.contains(kind) }
                return false
            } ?? false
        }
    }

    private func hvcC(of item: HEIFContainer.Item) -> UnsafeRawBufferPointer? {
        for case let .hevcConfiguration(start, end) in item.properties {
            return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        }
        return nil
    }
}
