/// Decides what kind of asset a file is and which subtypes it has, from what the decoders
/// found. A still with an embedded motion-photo video is a `livePhoto` here; an Apple still
/// becomes one when the catalog pairs it with its video (the two may arrive in any order).
public struct ClassifyStage: PipelineStage {
    public let name = IngestStage.classify.rawValue
    let panoramaAbove: Double

    public init(panoramaAbove: Double) {
        self.panoramaAbove = panoramaAbove
    }

    public static func kind(of format: MediaFormat, details: MediaDetails = MediaDetails()) -> AssetKind {
        if format.isVideo { return .video }
        if format == .gif { return .gif }
        return details.motionPhoto == nil ? .photo : .livePhoto
    }

    public func subtypes(of draft: AssetDraft) -> Set<AssetSubtype> {
        let details = draft.details, metadata = draft.metadata
        var subtypes: Set<AssetSubtype> = []
        if draft.displayedSize.height > 0 && draft.displayedSize.aspect > panoramaAbove || details.isTaggedPanorama {
            subtypes.insert(.panorama)
        }
        let screenshot = ScreenshotEvidence(
            taggedScreenshot: details.isTaggedScreenshot, fileName: String(draft.file.path.split(separator: "/").last ?? ""),
            format: draft.format, hasCamera: metadata.make != nil || metadata.model != nil, pixelSize: draft.displayedSize)
        if screenshot.isScreenshot { subtypes.insert(.screenshot) }
        if details.isHDR { subtypes.insert(.hdr) }
        if details.burst != nil { subtypes.insert(.burst) }
        if details.hasDepthData { subtypes.insert(.depthEffect) }
        if draft.format.isVideo {
            let rates = FrameRateEvidence(frameRate: details.frameRate, captureFrameRate: details.captureFrameRate)
            if rates.isSlowMotion { subtypes.insert(.highFrameRate) }
            if rates.isTimeLapse { subtypes.insert(.timeLapse) }
        }
        if let frames = details.frameCount, frames > 1 { subtypes.insert(.animated) }
        if draft.kind == .livePhoto { subtypes.insert(.live) }
        if draft.format.isRaw { subtypes.insert(.raw) }
        return subtypes
    }

    public func process(_ input: OrientedImage) throws -> PipelineItem<OrientedImage> {
        var output = input
        output.draft = classified(input.draft)
        return .work(output)
    }

    /// The draft with its kind, burst and subtypes decided: for a decoded file here, and for a
    /// file whose metadata alone was read again (`DecodeStage`), which skips this stage.
    public func classified(_ input: AssetDraft) -> AssetDraft {
        var draft = input
        draft.kind = Self.kind(of: input.format, details: input.details)
        draft.details.burst = draft.kind == .photo ? input.details.burst ?? BurstEvidence.named(input.file.path) : nil
        // An identifier or a name ties a burst better than capture times can.
        if draft.kind != .photo || draft.details.burst != nil { draft.details.continuousDrive = nil }
        draft.subtypes = subtypes(of: draft)
        return draft
    }
}
