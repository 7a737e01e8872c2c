/// Decodes a video's metadata and one poster frame near the pipeline's `posterAt` fraction of
/// its duration (its `posterFrame` choice: the keyframe there unless black), with FFmpeg. The display rotation becomes the
/// image's orientation, applied by the orient stage like a photo's EXIF tag.
struct VideoPosterDecoder: FileDecoder {
    let configuration: PipelineConfiguration

    func decode(_ input: AssetDraft, bytes: SourceBytes?) throws -> DecodedImage {
        let (video, draft, orientation) = try readEvidence(input)
        let path = draft.file.path
        let box = DecodeLimits.decodeBox(displayed: draft.displayedSize, orientation: orientation, configuration: configuration)
        do {
            let settings = configuration.videoSettings
            let frame = try video.posterFrame(at: settings.posterAt, fitting: box, choosing: settings.posterChoice)
            return DecodedImage(draft: draft, image: frame, orientation: orientation)
        } catch let error as MediaError where error.isMissingDecoder {
            throw IngestError(.unsupported, path: path, reason: "cannot decode a poster frame: \(error)", causedBy: error)
        } catch {
            throw IngestError(.damaged, path: path, reason: "cannot decode a poster frame: \(error)", causedBy: error)
        }
    }

    /// Everything read about a video whose poster is catalogued already (`AssetDraft.metadataRefreshOf`):
    /// the container is opened, no frame is decoded.
    func refreshMetadata(_ input: AssetDraft, bytes: SourceBytes?) throws -> AssetDraft? {
        try readEvidence(input).draft
    }

    /// What the container says (sizes, metadata, rates, codec), checked against the limits:
    /// all but the poster frame, the same for a decode and a refresh.
    private func readEvidence(_ input: AssetDraft) throws -> (video: VideoFile, draft: AssetDraft, orientation: Orientation) {
        var draft = input
        let path = draft.file.path
        if configuration.limits.failOnTruncation && draft.format == .mp4 && ISOBoxWalk.isTruncated(path: path) {
            throw IngestError(.damaged, path: path, reason: "truncated: a box of the MP4/MOV file runs past its end")
        }
        let video = try open(draft)
        let info = video.info
        draft.storedSize = PixelSize(width: info.squarePixelWidth, height: info.storedSize.height)
        try DecodeLimits.check(draft.storedSize, limit: configuration.limits.maxPixels, path: path)
        record(info, into: &draft)
        let orientation = Orientation.video(clockwiseDegrees: info.rotation, mirrored: info.mirrored)
        draft.displayedSize = orientation.displayedSize(ofStored: draft.storedSize)
        return (video, draft, orientation)
    }

    private func open(_ draft: AssetDraft) throws -> VideoFile {
        do { return try VideoFile(path: draft.file.path, format: draft.format, fromHeaders: true) } catch let error as MediaError where error.isMissingDecoder {
            throw IngestError(.unsupported, path: draft.file.path, reason: "cannot open the video: \(error)", causedBy: error)
        } catch {
            throw IngestError(.damaged, path: draft.file.path, reason: "cannot open the video: \(error)", causedBy: error)
        }
    }

    private func record(_ info: VideoInfo, into draft: inout AssetDraft) {
        draft.details.durationSeconds = info.durationSeconds
        draft.details.frameRate = info.frameRate
        draft.details.captureFrameRate = info.captureFrameRate
        draft.details.codec = info.codec
        draft.details.contentIdentifier = info.contentIdentifier
        draft.details.isHDR = info.isHDR
        (draft.metadata, draft.sidecarStamp) = Self.metadata(of: info, path: draft.file.path,
                                                             modifiedNanoseconds: draft.file.status.modifiedNanoseconds)
    }

    /// What is catalogued about a video: its place and camera (a sidecar's values first), and
    /// the capture time chosen among its sidecars', its container's and the file's own dates;
    /// with the stamp of the sidecars read.
    static func metadata(of info: VideoInfo, path: String, modifiedNanoseconds: Int64) -> (PhotoMetadata, sidecarStamp: String?) {
        var metadata = PhotoMetadata()
        metadata.location = info.location
        metadata.locationSource = info.location == nil ? nil : .quickTimeLocation
        (metadata.make, metadata.model) = (info.make, info.model)
        let sidecar = SidecarMetadata.read(beside: path)
        sidecar.settle(&metadata, fileDates: info.dates, modifiedNanoseconds: modifiedNanoseconds)
        return (metadata, sidecar.stamp)
    }
}
