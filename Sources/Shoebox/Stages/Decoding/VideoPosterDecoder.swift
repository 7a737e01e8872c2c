/// Decodes a video's metadata and one poster frame near the pipeline's `posterAt` fraction of
/// its duration (not a black first frame), with FFmpeg. The display rotation becomes the
/// image's orientation, applied by the orient stage like a photo's EXIF tag.
struct VideoPosterDecoder {
    let configuration: PipelineConfiguration

    func decode(_ input: AssetDraft) throws -> DecodedImage {
        var draft = input
        let path = draft.file.path
        if configuration.limits.failOnTruncation && draft.format == .mp4 && ISOBoxWalk.isTruncated(path: path) {
            throw IngestError(.damaged, path: path, reason: "truncated: a box of the MP4/MOV file runs past its end")
        }
        let video: VideoFile
        do { video = try VideoFile(path: path, format: draft.format) } catch {
            throw IngestError(.damaged, path: path, reason: "cannot open the video: \(error)")
        }
        let info = video.info
        draft.storedSize = PixelSize(width: info.squarePixelWidth, height: info.storedSize.height)
        try DecodeLimits.check(draft.storedSize, limit: configuration.limits.maxPixels, path: path)
        record(info, into: &draft)
        let orientation = Orientation.video(clockwiseDegrees: info.rotation, mirrored: info.mirrored)
        draft.displayedSize = orientation.displayedSize(ofStored: draft.storedSize)
        let box = DecodeLimits.decodeBox(displayed: draft.displayedSize, orientation: orientation, configuration: configuration)
        do {
            let frame = try video.posterFrame(at: configuration.videoSettings.posterAt, fitting: box)
            return DecodedImage(draft: draft, image: frame, orientation: orientation)
        } catch let error as MediaError where error.isMissingDecoder {
            throw IngestError(.unsupported, path: path, reason: "cannot decode a poster frame: \(error)")
        } catch {
            throw IngestError(.damaged, path: path, reason: "cannot decode a poster frame: \(error)")
        }
    }

    private func record(_ info: VideoInfo, into draft: inout AssetDraft) {
        draft.details.durationSeconds = info.durationSeconds
        draft.details.frameRate = info.frameRate
        draft.details.codec = info.codec
        draft.details.contentIdentifier = info.contentIdentifier
        draft.details.isHDR = info.isHDR
        var metadata = PhotoMetadata()
        metadata.location = info.location
        let fileTime = DateCandidate(.fileModificationTime, DecodeLimits.isoTime(nanoseconds: draft.file.status.modifiedNanoseconds))
        let best = CaptureTimeChoice.best(of: XMPSidecar.dates(beside: draft.file.path) + info.dates + [fileTime])
        (metadata.takenAt, metadata.takenAtSource) = (best?.value, best?.source)
        draft.metadata = metadata
    }
}
