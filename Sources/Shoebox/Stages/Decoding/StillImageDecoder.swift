/// Decodes a still image (JPEG, PNG, HEIC, AVIF, WebP, TIFF, and a GIF's first frame) with
/// libvips: header first, limits, EXIF, then one shrink-on-load decode.
struct StillImageDecoder {
    let configuration: PipelineConfiguration

    func decode(_ input: AssetDraft, bytes: SourceBytes) throws -> DecodedImage {
        var draft = input
        let path = draft.file.path
        let header: VipsImage
        do { header = try VipsImage.header(of: bytes, format: draft.format) } catch {
            throw IngestError(.damaged, path: path, reason: "cannot read the \(draft.format.rawValue) header: \(error)")
        }
        draft.storedSize = PixelSize(width: header.width, height: header.height)
        try DecodeLimits.check(draft.storedSize, limit: configuration.limits.maxPixels, path: path)
        if configuration.limits.failOnTruncation && draft.format == .jpeg
            && JPEGStructure.isTruncated(UnsafeRawBufferPointer(bytes.buffer)) {
            throw IngestError(.damaged, path: path, reason: "truncated: the JPEG data ends before its end-of-image marker")
        }
        if draft.format == .gif { try readGifStructure(bytes, into: &draft) }
        readMetadata(header, into: &draft)

        let orientation = OrientStage.orientationToApply(format: draft.format, exifOrientation: header.orientationTag)
        draft.displayedSize = orientation.displayedSize(ofStored: draft.storedSize)
        let box = DecodeLimits.decodeBox(displayed: draft.displayedSize, orientation: orientation, configuration: configuration)
        do {
            let image = try VipsImage.decodeShrunk(bytes, fitting: box.width, box.height, convertToSRGB: header.hasICCProfile,
                                                   failOnTruncation: configuration.limits.failOnTruncation)
            return DecodedImage(draft: draft, image: image, orientation: orientation)
        } catch {
            throw IngestError(.damaged, path: path, reason: "cannot decode: \(error)")
        }
    }

    private func readMetadata(_ header: VipsImage, into draft: inout AssetDraft) {
        draft.metadata = header.exifData.map(ExifReader.metadata(fromEXIF:)) ?? PhotoMetadata()
        if draft.metadata.takenAt == nil {
            draft.metadata.takenAt = DecodeLimits.isoTime(nanoseconds: draft.file.status.modifiedNanoseconds)
            draft.metadata.takenAtSource = .fileModificationTime
        }
    }

    /// Frames, delays and loop count, within the pipeline's frame budget (bounded work on a GIF bomb).
    private func readGifStructure(_ bytes: SourceBytes, into draft: inout AssetDraft) throws {
        do {
            let info = try GifReader.info(of: UnsafeRawBufferPointer(bytes.buffer),
                                          framePixelBudget: configuration.limits.maxGifFramePixels)
            draft.details.frameCount = info.frameCount
            draft.details.loopCount = info.loopCount
            draft.details.durationSeconds = info.frameCount > 1 ? info.durationSeconds : nil
        } catch let failure as GifReader.Failure {
            if case .overBudget = failure { throw IngestError(.tooLarge, path: draft.file.path, reason: "\(failure)") }
            throw IngestError(.damaged, path: draft.file.path, reason: "\(failure)")
        }
    }
}
