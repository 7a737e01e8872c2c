/// Decodes a still image (JPEG, PNG, HEIC, AVIF, WebP, TIFF, JPEG XL, and a GIF's first frame) with
/// libvips (HEIC and AVIF through libavcodec and dav1d when they can): header first, limits, EXIF, then one
/// shrink-on-load decode.
struct StillImageDecoder: FileDecoder {
    let configuration: PipelineConfiguration
    /// Shared by the decode stage's workers: what their decodes hold at once stays within
    /// one budget. nil: each decode is only held to the budget alone.
    var memoryGate: DecodeMemoryGate?

    func decode(_ input: AssetDraft, bytes: SourceBytes?) throws -> DecodedImage {
        let bytes = try kept(bytes, of: input)
        let read = try readEvidence(bytes, input)
        var draft = read.draft
        let box = DecodeLimits.decodeBox(displayed: draft.displayedSize, orientation: read.orientation, configuration: configuration)
        let decoded = try decodeAdmitted(bytes, header: read.header, container: read.container, draft: draft, box: box,
                                         convertToSRGB: read.profile.convert)
        // After the decode, which learned where a JPEG's picture ends: the scan walks it no more.
        readMotionPhoto(bytes, xmp: read.xmp, endOfImage: decoded.endOfImage, into: &draft)
        if let warning = read.profile.warning { draft.warn(warning) }   // after the motion photo's, as ever
        let animated = (draft.details.frameCount ?? 1) > 1 && configuration.thumbnails.contains { $0.animated == true }
        return DecodedImage(draft: draft, image: decoded.image, orientation: read.orientation, animation: animated ? bytes : nil)
    }

    /// Everything read about a file whose pixels are catalogued already
    /// (`AssetDraft.metadataRefreshOf`), as a decode reads it: its header is opened, no pixel
    /// is decoded (a motion photo's video is found by a scan of the whole file).
    func refreshMetadata(_ input: AssetDraft, bytes: SourceBytes?) throws -> AssetDraft? {
        let bytes = try kept(bytes, of: input)
        let read = try readEvidence(bytes, input)
        var draft = read.draft
        readMotionPhoto(bytes, xmp: read.xmp, endOfImage: nil, into: &draft)
        if let warning = read.profile.warning { draft.warn(warning) }
        return draft
    }

    /// What a decode learns before it decodes a pixel: limits checked, sizes, structure,
    /// metadata and every subtype's evidence, the orientation to apply and the profile's use.
    private func readEvidence(_ bytes: SourceBytes, _ input: AssetDraft) throws -> EvidenceRead {
        // The run loaded this format's module at its start, unless no one foresaw the file.
        try Vips.start(for: input.format)
        var draft = input
        let path = draft.file.path
        // Before libvips opens the header, which inflates a PNG's text.
        try DecodeLimits.checkMemory(textOfPNG(bytes, draft: draft), fileBytes: bytes.count,
                                     limit: configuration.limits.maxDecodeMemoryBytes, path: path)
        let header = try openHeader(bytes, draft)
        draft.storedSize = PixelSize(width: header.width, height: header.height)
        try DecodeLimits.check(draft.storedSize, limit: configuration.limits.maxPixels, path: path)
        try checkTruncation(bytes, format: draft.format, path: path)
        warnOfRepairs(bytes, into: &draft)
        if draft.format == .gif { try readGifStructure(bytes, into: &draft) }
        try readAnimation(bytes, header: header, into: &draft)
        let found = readMetadata(bytes, header: header, into: &draft)
        readXMPClues(found.xmp, into: &draft)
        draft.details.burst = BurstEvidence.of(path: draft.file.path, appleBurstUUID: found.extras.appleMakerNote?.burstIdentifier,
                                               googleBurstID: found.xmp?.value("GCamera:BurstID"),
                                               googleBurstPrimary: found.xmp?.value("GCamera:BurstPrimary"))
        draft.details.continuousDrive = found.extras.continuousDrive
        let profile = embeddedProfileUse(header)
        // A HEIF's boxes, walked once: for its orientation rule and for the libde265 route.
        let container = draft.format == .heic || draft.format == .avif
            ? HEIFContainer.parse(UnsafeRawBufferPointer(bytes.buffer)) : nil
        draft.details.hasDepthData = DepthEvidence.isPresent(container: container, xmp: found.xmp)
        let orientation = orientationToApply(header, container: container, exifPixelSize: found.extras.pixelSize, draft: draft)
        draft.displayedSize = orientation.displayedSize(ofStored: draft.storedSize)
        return EvidenceRead(draft: draft, header: header, container: container, orientation: orientation, profile: profile, xmp: found.xmp)
    }

    /// `readEvidence`'s findings, for the decode that follows.
    private struct EvidenceRead {
        var draft: AssetDraft
        var header: VipsImage
        var container: HEIFContainer?
        var orientation: Orientation
        var profile: (convert: Bool, warning: String?)
        var xmp: XMPPacket?
    }

    /// The shrunk decode, its memory reserved from the stage's gate for the decode alone, and
    /// a JPEG's end-of-image offset when the decode learned it.
    private func decodeAdmitted(_ bytes: SourceBytes, header: VipsImage, container: HEIFContainer?, draft: AssetDraft,
                                box: PixelSize, convertToSRGB: Bool) throws -> (image: VipsImage, endOfImage: Int?) {
        let path = draft.file.path
        let needed = memoryNeeded(bytes, header: header, draft: draft, box: box)
        let direct = draft.format == .jpeg ? directJPEGPicture(header, box: box, beside: needed, fileBytes: bytes.count) : nil
        let reservation = try admit(needed, extra: direct?.bytes ?? 0, bytes, path: path)
        defer { reservation?.release() }
        do {
            return try decodeShrunk(bytes, header: header, container: container, format: draft.format,
                                    box: box, convertToSRGB: convertToSRGB, directJPEG: direct != nil, path: path)
        } catch {
            throw Self.failure(error, format: draft.format, bytes: bytes, path: path, reason: "cannot decode")
        }
    }

    private func openHeader(_ bytes: SourceBytes, _ draft: AssetDraft) throws -> VipsImage {
        do { return try VipsImage.header(of: bytes, format: draft.format) } catch {
            throw Self.failure(error, format: draft.format, bytes: bytes, path: draft.file.path,
                               reason: "cannot read the \(draft.format.rawValue) header")
        }
    }

    /// The file's metadata and its sidecars', recorded in `draft`.
    private func readMetadata(_ bytes: SourceBytes, header: VipsImage, into draft: inout AssetDraft) -> StillImageMetadata {
        let sidecar = SidecarMetadata.read(beside: draft.file.path)
        let found = StillImageMetadata.read(bytes, header: header, format: draft.format,
                                            modifiedNanoseconds: draft.file.status.modifiedNanoseconds, sidecar: sidecar)
        record(found, into: &draft)
        draft.sidecarStamp = sidecar.stamp
        return found
    }

    /// A libvips failure as the file's: `tooLarge` when a library's own limit refused it
    /// (libheif's maximum image size), `unsupported` when the library lacks a feature the file
    /// uses (a valid file, such as a lossless JPEG), `damaged` otherwise. Any JPEG XL that
    /// libjxl 0.7 cannot decode is `unsupported`: its one message ("error
    /// JxlDecoderProcessInput") does not tell broken bytes from a newer file it cannot read.
    /// So is an AVIF image sequence libheif cannot open: libheif 1.15 reads no sequences, only
    /// a still image beside one, and the file may have none.
    private static func failure(_ error: Error, format: MediaFormat, bytes: SourceBytes, path: String,
                                reason: String) -> IngestError {
        if let refused = error as? IngestError { return refused }   // over a budget, already the file's
        if (error as? MediaError)?.isOverALibraryLimit == true { return IngestError(.tooLarge, path: path, reason: "\(reason): \(error)", causedBy: error) }
        if format == .avif, AVIFSequence.read(UnsafeRawBufferPointer(bytes.buffer)) != nil {
            return IngestError(.unsupported, path: path,
                               reason: "an AVIF image sequence whose still image libheif cannot read: \(reason): \(error)", causedBy: error)
        }
        let unsupported = format == .jxl || ((error as? MediaError)?.isUnsupportedFeature ?? false)
        return IngestError(unsupported ? .unsupported : .damaged, path: path, reason: "\(reason): \(error)", causedBy: error)
    }

    /// The cheapest decode that still covers `box`: DCT scaling for JPEG (by `DirectJPEGDecoder`
    /// when `directJPEG`, the memory for it reserved), libde265 or dav1d and
    /// a YCbCr box shrink for HEIC and AVIF (when that route handles the file), libvips's shrink-on-load otherwise.
    /// Every route converts to sRGB the same way: through the embedded profile when
    /// `convertToSRGB`, else taking the pixels as sRGB.
    /// A JPEG's end-of-image offset comes back when `DirectJPEGDecoder` decoded it (nil otherwise).
    private func decodeShrunk(_ bytes: SourceBytes, header: VipsImage, container: HEIFContainer?, format: MediaFormat,
                              box: PixelSize, convertToSRGB: Bool, directJPEG: Bool,
                              path: String) throws -> (image: VipsImage, endOfImage: Int?) {
        switch format {
        case .jpeg:
            return try VipsImage.decodeShrunkJPEGFindingEnd(bytes, header: header, fitting: box.width, box.height,
                                                            convertToSRGB: convertToSRGB, direct: directJPEG)
        case .heic, .avif:
            let stored = PixelSize(width: header.width, height: header.height)
            return (try decodeHEIF(bytes, header: header, container: container, format: format, stored: stored, box: box,
                                   convertToSRGB: convertToSRGB, path: path), nil)
        default:
            return (try decodeWithLibvips(bytes, box: box, convertToSRGB: convertToSRGB, heifLoader: false), nil)
        }
    }

    /// HEIC and AVIF are held to the decode-memory budget by the route that decodes them: the
    /// shrinking route's plan, or libheif's whole decode when that route declines. A plan the
    /// budget runs alone decodes with the threads it allows (`DecodeMemoryGate`).
    private func decodeHEIF(_ bytes: SourceBytes, header: VipsImage, container: HEIFContainer?, format: MediaFormat,
                            stored: PixelSize, box: PixelSize, convertToSRGB: Bool, path: String) throws -> VipsImage {
        var held: DecodeMemoryGate.Reservation?
        defer { held?.release() }
        let route = try VipsImage.decodeShrunkHEIF(bytes, container: container, header: header,
                                                   fitting: box.width, box.height, convertToSRGB: convertToSRGB) { plan in
            held = try admit(.heifRoute(plan, size: stored), bytes, path: path)
            plan.decodeThreads = held?.decodeThreads ?? 1
        }
        if let route { return route }
        held?.release()
        held = try admit(.libheif(size: stored, av1: format == .avif, highBitDepth: header.bytesPerPixel > header.bands),
                         bytes, path: path)
        return try decodeWithLibvips(bytes, box: box, convertToSRGB: convertToSRGB, heifLoader: format == .avif)
    }

    private func decodeWithLibvips(_ bytes: SourceBytes, box: PixelSize, convertToSRGB: Bool, heifLoader: Bool) throws -> VipsImage {
        try VipsImage.decodeShrunk(bytes, fitting: box.width, box.height, convertToSRGB: convertToSRGB,
                                   failOnTruncation: configuration.limits.failOnTruncation, heifLoader: heifLoader)
    }

    /// What decoding this file holds at once, for the formats whose estimate the header gives
    /// up front; HEIC and AVIF are estimated by route in `decodeShrunk`. nil: only a few rows.
    private func memoryNeeded(_ bytes: SourceBytes, header: VipsImage, draft: AssetDraft, box: PixelSize) -> DecodeMemory? {
        let raw = UnsafeRawBufferPointer(bytes.buffer), size = draft.storedSize
        switch draft.format {
        case .png: return .both(.png(raw, size: size), textOfPNG(bytes, draft: draft))
        case .gif: return .gif(size: size)
        case .jpeg: return .jpeg(raw, size: size)
        case .jxl: return .jxl(size: size, bytesPerPixel: header.bytesPerPixel)
        case .webp: return .webp(size: size, box: box, animated: (draft.details.frameCount ?? 1) > 1)
        case .tiff: return .tiff(raw, size: size, bytesPerPixel: header.bytesPerPixel)
        default: return nil
        }
    }

    /// A PNG's text as libvips holds it (`DecodeMemory.pngText`); nil for other formats.
    private func textOfPNG(_ bytes: SourceBytes, draft: AssetDraft) -> DecodeMemory? {
        guard draft.format == .png else { return nil }
        return .pngText(UnsafeRawBufferPointer(bytes.buffer), limit: Int(clamping: configuration.limits.maxDecodeMemoryBytes))
    }

    /// Refuses a decode over the budget (`tooLarge`), else reserves what it needs (and `extra`
    /// bytes that never refuse a file: the direct JPEG route's picture, taken only when it fits)
    /// from the stage's gate, waiting for room beside the decodes in flight; nil when nothing is
    /// reserved (a decode of a few rows, or no gate).
    private func admit(_ needed: DecodeMemory?, extra: Int = 0, _ bytes: SourceBytes,
                       path: String) throws -> DecodeMemoryGate.Reservation? {
        let limit = configuration.limits.maxDecodeMemoryBytes
        try DecodeLimits.checkMemory(needed, fileBytes: bytes.count, limit: limit, path: path)
        guard needed != nil || extra > 0, let memoryGate else { return nil }
        let held = (needed?.bytes ?? 0).addingReportingOverflow(extra).partialValue
        return memoryGate.reserve(held.addingReportingOverflow(bytes.count).partialValue, capacity: Int(clamping: limit))
    }

    /// The whole shrunk picture `DirectJPEGDecoder` would hold for this JPEG, when it may take
    /// it: a grey or colour header (CMYK is libvips's), a picture of at most
    /// `DirectJPEGDecoder.maxPictureBytes`, and room for it beside libvips's own estimate
    /// (`needed`) and the file within the decode-memory limit, so that the route never turns
    /// away a file libvips's streaming load would decode. nil: libvips decodes the file.
    private func directJPEGPicture(_ header: VipsImage, box: PixelSize, beside needed: DecodeMemory?,
                                   fileBytes: Int) -> DecodeMemory? {
        guard header.bands == 1 || header.bands == 3 else { return nil }
        let stored = PixelSize(width: header.width, height: header.height)
        let picture = DecodeMemory.jpegDirect(size: stored, shrink: VipsImage.jpegShrink(stored: stored, box: box),
                                              bands: header.bands)
        let total = Int64(clamping: picture.bytes) + Int64(clamping: needed?.bytes ?? 0) + Int64(fileBytes)
        guard picture.bytes <= DirectJPEGDecoder.maxPictureBytes,
              total <= configuration.limits.maxDecodeMemoryBytes else { return nil }
        return picture
    }

    /// Whether the decode converts through the embedded ICC profile: only when there is one and
    /// it fits the pixels. One that does not (`ICCProfile.problem`) is ignored with a `warning`
    /// for the file, and the file is decoded as if it had none, as viewers show it. An sRGB
    /// profile converts nothing (`VipsImage.iccProfileIsSRGB`): its pixels are taken as they are.
    private func embeddedProfileUse(_ header: VipsImage) -> (convert: Bool, warning: String?) {
        guard header.hasICCProfile else { return (false, nil) }
        guard let problem = header.iccProfileProblem else { return (!header.iccProfileIsSRGB, nil) }
        let instead = header.pixelColourSpace == .cmyk ? "converted with libvips's built-in CMYK profile" : "taken as sRGB"
        return (false, "the embedded ICC profile does not fit (\(problem)): ignored, the colours \(instead)")
    }

    /// The orient stage's rule (`OrientStage.orientationToApply`). libvips's HEIF loader drops
    /// the EXIF orientation from its header (libheif applies the container's transforms), so for
    /// HEIC and AVIF the tag comes from the EXIF block, and the container is read to see whether
    /// it has transforms; one that cannot be read (`container` nil) counts as having them
    /// (libheif has the last word). The EXIF block's own pixel size tells a stale tag.
    private func orientationToApply(_ header: VipsImage, container: HEIFContainer?, exifPixelSize: PixelSize?,
                                    draft: AssetDraft) -> Orientation {
        guard draft.format == .heic || draft.format == .avif else {
            return OrientStage.orientationToApply(format: draft.format, exifOrientation: header.orientationTag,
                                                  containerTransforms: false)
        }
        return OrientStage.orientationToApply(format: draft.format, exifOrientation: draft.metadata.orientation ?? 1,
                                              containerTransforms: container?.primaryHasTransforms ?? true,
                                              exifPixelSize: exifPixelSize, storedSize: draft.storedSize)
    }

    /// libvips pads a cut-off JPEG or PNG read from memory with grey; the structure tells.
    private func checkTruncation(_ bytes: SourceBytes, format: MediaFormat, path: String) throws {
        guard configuration.limits.failOnTruncation else { return }
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        if format == .jpeg && JPEGStructure.isTruncated(raw) {
            throw IngestError(.damaged, path: path, reason: "truncated: the JPEG data ends before its end-of-image marker")
        }
        if format == .png && PNGStructure.isTruncated(raw) {
            throw IngestError(.damaged, path: path, reason: "truncated: the PNG has no IEND chunk")
        }
    }

    /// What the decoder repairs as it reads, said on the asset: a JPEG's junk bytes between
    /// its segments, which libjpeg skips.
    private func warnOfRepairs(_ bytes: SourceBytes, into draft: inout AssetDraft) {
        guard draft.format == .jpeg else { return }
        let junk = JPEGStructure.extraneousBytesBeforeFirstScan(UnsafeRawBufferPointer(bytes.buffer))
        if junk > 0 { draft.warn("\(junk) extraneous \(junk == 1 ? "byte" : "bytes") between the JPEG's segments, skipped as libjpeg does") }
    }

    private func record(_ found: StillImageMetadata, into draft: inout AssetDraft) {
        draft.metadata = found.metadata
        draft.details.contentIdentifier = found.extras.appleMakerNote?.contentIdentifier
        draft.details.isHDR = found.extras.appleMakerNote?.hdrImageType == 3
        draft.details.isTaggedScreenshot = found.extras.userComment?.lowercased().contains("screenshot") ?? false
    }

    /// What the XMP packet says: a GPano projection, a screenshot.
    private func readXMPClues(_ xmp: XMPPacket?, into draft: inout AssetDraft) {
        let projection = xmp?.value("GPano:ProjectionType")?.lowercased()
        draft.details.isTaggedPanorama = projection == "equirectangular" || projection == "cylindrical"
        if xmp?.userComment()?.lowercased().contains("screenshot") == true {
            draft.details.isTaggedScreenshot = true
        }
    }

    /// What the XMP packet and the file's tail say of an embedded motion-photo video (a JPEG's
    /// `endOfImage`, when its decode learned it, spares the scan its walk of the picture's data).
    private func readMotionPhoto(_ bytes: SourceBytes, xmp: XMPPacket?, endOfImage: Int?, into draft: inout AssetDraft) {
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        guard draft.format == .jpeg || draft.format == .heic else { return }
        switch MotionPhotoScanner.scan(raw, format: draft.format, xmp: xmp, endOfImage: endOfImage) {
        case let .video(video)?:
            draft.details.motionPhoto = video
            describeEmbeddedVideo(video, into: &draft)
        case let .cutShort(reason)?: draft.warn(reason)
        case nil: break
        }
    }

    /// The embedded video's duration and codec, read through FFmpeg from the file's range; a
    /// range FFmpeg cannot read is not a motion photo after all, and the photo says why.
    private func describeEmbeddedVideo(_ video: EmbeddedVideo, into draft: inout AssetDraft) {
        let info: VideoInfo
        do {
            info = try VideoFile(path: draft.file.path, format: .mp4, range: video).info
        } catch {
            draft.details.motionPhoto = nil
            draft.warn("the motion photo's video cannot be read: \(error)")
            return
        }
        draft.details.durationSeconds = info.durationSeconds
        draft.details.codec = info.codec
    }

    /// An animated WebP's frames, delays and loop count (from libvips's header), or an AVIF image
    /// sequence's frames and duration (from its track: libheif reads only its first frame),
    /// within the pipeline's frame budget, as for a GIF: an animated thumbnail decodes every frame.
    private func readAnimation(_ bytes: SourceBytes, header: VipsImage, into draft: inout AssetDraft) throws {
        let frames: Int, duration: Double?, loop: Int?
        switch draft.format {
        case .webp:
            guard let found = header.animationFrames else { return }
            frames = found.count
            duration = found.delaysMilliseconds.isEmpty ? nil : Double(found.delaysMilliseconds.reduce(0, +)) / 1000
            loop = found.loop
        case .avif:
            guard let sequence = AVIFSequence.read(UnsafeRawBufferPointer(bytes.buffer)) else { return }
            (frames, duration, loop) = (sequence.frameCount, sequence.durationSeconds, nil)
        default:
            return
        }
        let budget = configuration.limits.maxGifFramePixels
        let framePixels = frames.multipliedReportingOverflow(by: draft.storedSize.width * draft.storedSize.height)
        if framePixels.overflow || framePixels.partialValue > budget {
            throw IngestError(.tooLarge, path: draft.file.path,
                              reason: "\(frames) frames of \(draft.storedSize) are over the pipeline's budget of \(budget) frame pixels (limits.gifFramePixels)")
        }
        draft.details.frameCount = frames
        draft.details.loopCount = loop
        draft.details.durationSeconds = frames > 1 ? duration : nil
    }

    /// Frames, delays and loop count, within the pipeline's frame budget (bounded work on a GIF bomb).
    private func readGifStructure(_ bytes: SourceBytes, into draft: inout AssetDraft) throws {
        do {
            let info = try GifReader.info(of: UnsafeRawBufferPointer(bytes.buffer),
                                          framePixelBudget: configuration.limits.maxGifFramePixels)
            draft.details.frameCount = info.frameCount
            draft.details.loopCount = info.loopCount
            draft.details.durationSeconds = info.frameCount > 1 ? info.durationSeconds : nil
        } catch let failure as GifReadError {
            if case .overBudget = failure { throw IngestError(.tooLarge, path: draft.file.path, reason: "\(failure)") }
            throw IngestError(.damaged, path: draft.file.path, reason: "\(failure)")
        }
    }
}
