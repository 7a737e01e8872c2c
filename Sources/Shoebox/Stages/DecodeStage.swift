/// Decodes each file once into a shrunk image for its thumbnails, with its metadata.
///
/// Stills (GIFs included: their first frame) go through libvips with shrink-on-load, BMPs
/// through FFmpeg's BMP decoder, camera RAWs through LibRaw (their preview, or a half-size
/// development); videos through FFmpeg, which yields one poster frame (`DecoderTable` picks
/// the `FileDecoder` of each format). Each refuses what is
/// over the pipeline's limits before decoding any pixel. A file whose pixels are catalogued
/// already and whose sidecars changed, or which an earlier reading catalogued
/// (`EvidenceReading`), goes through `AssetDraft.metadataRefreshOf`: everything but its
/// pixels is read again and classified as the classify stage would, and it is settled
/// `metadataRefreshed`, with no pixel decoded (a BMP or a RAW is decoded again).
public struct DecodeStage: PipelineStage {
    public let name = IngestStage.decode.rawValue
    let configuration: PipelineConfiguration
    /// Told of each file as its decode starts (for progress displays).
    var progress: IngestProgress?
    /// Decoded pictures on their way to the thumbnail workers stay within this many bytes
    /// (`IngestPipeline.decodedPictureBytes`): a worker reserves its picture's bytes before it
    /// hands the picture on. nil: no budget (a picture decoded for itself).
    var decodedPictures: ByteBudget? = nil
    /// What the workers' decodes hold at once stays within one `limits.decodeMemoryBytes`.
    let memoryGate: DecodeMemoryGate

    /// `workers`: how many run this stage (a decode the memory budget runs alone may then use
    /// a second core: `DecodeMemoryGate`).
    init(configuration: PipelineConfiguration, progress: IngestProgress? = nil, decodedPictures: ByteBudget? = nil,
         workers: Int = 1) {
        self.configuration = configuration
        self.progress = progress
        self.decodedPictures = decodedPictures
        memoryGate = DecodeMemoryGate(workers: workers)
    }

    public func process(_ input: SourceData) throws -> PipelineItem<DecodedImage> {
        input.readAhead?.release()   // taken: the file no longer waits, the reader may read the next
        progress?.startDecoding(input.draft.file.path, bytes: input.draft.file.status.size)
        let limits = configuration.limits
        let budget = input.draft.format.isVideo ? limits.videoBudget : limits.imageBudget
        let decoded = try CrashGuard.whileWorking(on: input.draft.file.path, budgetSeconds: budget) { try decode(input) }
        return reserved(decoded)
    }

    /// A decoded picture with its bytes reserved from `decodedPictures`, waiting while the
    /// pictures in flight leave too little room for it (outside the time budget: the wait is
    /// the thumbnail workers', not this file's).
    private func reserved(_ item: PipelineItem<DecodedImage>) -> PipelineItem<DecodedImage> {
        guard let decodedPictures, case var .work(picture) = item else { return item }
        picture.inFlight = decodedPictures.reserve(picture.heldBytes)
        return .work(picture)
    }

    private func decode(_ input: SourceData) throws -> PipelineItem<DecodedImage> {
        #if DEBUG
        CrashGuard.crashOnPurposeIfAsked(input.draft.file.path)
        #endif
        let draft = input.draft
        let decoder = DecoderTable.decoder(for: draft.format, configuration: configuration, memoryGate: memoryGate)
        if let id = draft.metadataRefreshOf, let refreshed = try decoder.refreshMetadata(draft, bytes: input.bytes) {
            let classify = ClassifyStage(panoramaAbove: configuration.aspectRule.panoramaAbove)
            return .settled(.metadataRefreshed(assetID: id, draft: classify.classified(refreshed)))
        }
        return .work(try decoder.decode(draft, bytes: input.bytes))
    }
}
