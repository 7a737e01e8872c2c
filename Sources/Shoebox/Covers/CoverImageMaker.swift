/// Makes the pixels of cover images from catalogued assets.
///
/// Each original is decoded exactly as ingest decodes it: read safely, checked against the
/// catalogued content hash, decoded once by the decode stage (shrink-on-load to what the cover
/// needs, the pipeline's limits, a video's poster frame), then turned upright by the orient
/// stage. Nothing here knows a file format.
struct CoverImageMaker {
    let configuration: PipelineConfiguration
    /// The album's title, for errors.
    let album: String

    /// The asset upright, as a `side` x `side` square around its most interesting part
    /// (an original smaller than `side` is scaled up to fill it).
    func square(_ asset: AssetRecord, side: Int) throws -> VipsImage {
        let image = try upright(asset, shortSide: side)
        return try media(asset) {
            let crop = try image.smartCroppedSquare(side: min(side, image.width, image.height))
            return try crop.resized(toWidth: side, height: side)
        }
    }

    /// The asset upright, shrunk on load so that its short side is `shortSide` (or its own,
    /// when smaller).
    func upright(_ asset: AssetRecord, shortSide: Int) throws -> VipsImage {
        var configuration = self.configuration
        configuration.thumbnails = [Self.decodeSpec(displayed: PixelSize(width: asset.width, height: asset.height),
                                                    shortSide: shortSide)]
        do {
            let source = try sourceData(asset)
            guard case let .work(decoded) = try DecodeStage(configuration: configuration).process(source),
                  case let .work(oriented) = try OrientStage().process(decoded) else {
                throw CoverError.cannotDecode(album: album, asset: asset.id, path: asset.path, reason: "nothing decoded")
            }
            return oriented.image
        } catch let error as IngestError {
            throw CoverError.cannotDecode(album: album, asset: asset.id, path: asset.path, reason: error.reason)
        }
    }

    /// A fit box whose short side is `shortSide`: the one thumbnail spec the decode stage
    /// shrinks to. Never above the displayed size (the decoder never upscales anyway).
    static func decodeSpec(displayed: PixelSize, shortSide: Int) -> ThumbnailSpec {
        let short = max(1, min(displayed.width, displayed.height))
        let scale = min(1, Double(shortSide) / Double(short))
        let box = PixelSize(width: max(1, Int((Double(displayed.width) * scale).rounded(.up))),
                            height: max(1, Int((Double(displayed.height) * scale).rounded(.up))))
        return ThumbnailSpec(name: "cover-source", rule: .fit, width: box.width, height: box.height,
                             format: .jpeg, maxLongEdge: ThumbnailFormat.jpeg.maxDimension)
    }

    /// The original's bytes (a video's are streamed through the hash, never held), refused
    /// when they are not the content the catalog recorded.
    private func sourceData(_ asset: AssetRecord) throws -> SourceData {
        guard let format = asset.format, let expected = asset.contentHash else {
            throw CoverError.cannotDecode(album: album, asset: asset.id, path: asset.path, reason: "no format was recorded")
        }
        let (hash, status, bytes) = try read(asset, video: format.isVideo)
        guard hash == expected else { throw CoverError.assetChanged(album: album, asset: asset.id, path: asset.path) }
        var draft = AssetDraft(file: DiscoveredFile(path: asset.path, root: asset.root, status: status), existingID: asset.id)
        draft.format = format
        draft.kind = asset.kind
        draft.contentHash = hash
        return SourceData(draft: draft, bytes: bytes)
    }

    private func read(_ asset: AssetRecord, video: Bool) throws -> (String, SourceFile.Status, SourceBytes?) {
        do {
            if video {
                let (hash, status) = try SourceFile.hash(asset.path)
                return (hash, status, nil)
            }
            let (bytes, status) = try SourceFile.read(asset.path, maxBytes: configuration.limits.maxFileBytes)
            return (ContentHasher.hash(bytes), status, bytes)
        } catch let error as MediaError {
            throw CoverError.cannotRead(album: album, asset: asset.id, path: asset.path, reason: "\(error)")
        } catch SourceFileError.tooLarge(let size, let limit) {
            throw CoverError.cannotRead(album: album, asset: asset.id, path: asset.path,
                                        reason: "file is \(size) bytes; the pipeline allows \(limit)")
        }
    }

    /// Runs a libvips step on an asset's pixels, naming the asset when it fails.
    private func media<T>(_ asset: AssetRecord, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as MediaError {
            throw CoverError.cannotDecode(album: album, asset: asset.id, path: asset.path, reason: "\(error)")
        }
    }
}
