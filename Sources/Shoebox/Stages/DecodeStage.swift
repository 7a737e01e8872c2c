/// Decodes each file once into a shrunk image for its thumbnails, with its metadata.
///
/// Stills (GIFs included: their first frame) go through libvips with shrink-on-load, BMPs
/// through FFmpeg's BMP decoder; videos through FFmpeg, which yields one poster frame. Each refuses what is over the pipeline's
/// limits before decoding any pixel.
public struct DecodeStage: PipelineStage {
    public let name = "decode"
    let configuration: PipelineConfiguration

    public func process(_ input: SourceData) throws -> PipelineItem<DecodedImage> {
        let limits = configuration.limits
        let budget = input.draft.format.isVideo ? limits.videoBudget : limits.imageBudget
        return try CrashGuard.whileWorking(on: input.draft.file.path, budgetSeconds: budget) { try decode(input) }
    }

    private func decode(_ input: SourceData) throws -> PipelineItem<DecodedImage> {
        #if DEBUG
        CrashGuard.crashOnPurposeIfAsked(input.draft.file.path)
        #endif
        if input.draft.format.isVideo {
            return .work(try VideoPosterDecoder(configuration: configuration).decode(input.draft))
        }
        guard let bytes = input.bytes else {
            throw IngestError(.unreadable, path: input.draft.file.path, reason: "the read stage kept no bytes")
        }
        if input.draft.format == .bmp {
            return .work(try BitmapDecoder(configuration: configuration).decode(input.draft, bytes: bytes))
        }
        return .work(try StillImageDecoder(configuration: configuration).decode(input.draft, bytes: bytes))
    }
}
