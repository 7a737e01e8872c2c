/// Decodes each file once into a shrunk image for its thumbnails, with its metadata.
///
/// Stills (GIFs included: their first frame) go through libvips with shrink-on-load; camera
/// RAWs through LibRaw (their preview, or a half-size development); videos through FFmpeg,
/// which yields one poster frame. Each refuses what is over the pipeline's
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
        if input.draft.format.isRaw {
            return .work(try decodeRaw(input.draft, bytes: bytes))
        }
        return .work(try StillImageDecoder(configuration: configuration).decode(input.draft, bytes: bytes))
    }

    /// A TIFF told to be a RAW only by its Make (`MediaFormat.isRawByMake`) that LibRaw does
    /// not take as one (a scanner's TIFF naming Nikon) is the TIFF it also is.
    private func decodeRaw(_ draft: AssetDraft, bytes: SourceBytes) throws -> DecodedImage {
        do {
            return try RawImageDecoder(configuration: configuration).decode(draft, bytes: bytes)
        } catch let error as IngestError where error.errorClass == .unsupported && draft.format.isRawByMake {
            var tiff = draft
            tiff.format = .tiff
            return try StillImageDecoder(configuration: configuration).decode(tiff, bytes: bytes)
        }
    }
}
