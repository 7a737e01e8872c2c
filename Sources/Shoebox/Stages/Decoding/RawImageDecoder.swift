import Foundation

/// Decodes a camera RAW (DNG, CR2, CR3, NEF, ARW, RAF, ...) with LibRaw: the catalogued size is
/// the developed picture's (after the RAW's flip), not its embedded preview's; metadata comes
/// from the file's own EXIF where it has one (`RawEXIF`), else from what LibRaw read.
///
/// Thumbnails come from the largest embedded preview when it covers the pipeline's largest
/// thumbnail box (turned upright by the RAW's flip); otherwise from a half-size development,
/// refused (`tooLarge`) when that would hold more than `limits.decodeMemoryBytes`. Both run
/// inside the decode stage's crash guard and time budget, like every decoder.
struct RawImageDecoder: FileDecoder {
    let configuration: PipelineConfiguration
    /// Shared by the decode stage's workers (`DecodeMemoryGate`): a development reserves what
    /// it holds. nil: it is only held to the budget alone.
    var memoryGate: DecodeMemoryGate?

    /// How far a preview's shape may be from the developed picture's and still stand for it
    /// (sensor margins differ by a few pixels; a 16:9 preview of a 3:2 sensor does not).
    static let aspectTolerance = 0.02

    /// A TIFF told to be a RAW only by its Make (`MediaFormat.isRawByMake`) that LibRaw does
    /// not take as one (a scanner's TIFF naming Nikon) is the TIFF it also is.
    func decode(_ input: AssetDraft, bytes: SourceBytes?) throws -> DecodedImage {
        let bytes = try kept(bytes, of: input)
        do {
            return try decodeRaw(input, bytes: bytes)
        } catch let error as IngestError where error.errorClass == .unsupported && input.format.isRawByMake {
            var tiff = input
            tiff.format = .tiff
            return try StillImageDecoder(configuration: configuration, memoryGate: memoryGate).decode(tiff, bytes: bytes)
        }
    }

    private func decodeRaw(_ input: AssetDraft, bytes: SourceBytes) throws -> DecodedImage {
        var draft = input
        let path = draft.file.path
        let raw = try open(bytes, path: path)
        let orientation = raw.orientation
        draft.displayedSize = raw.outputSize
        draft.storedSize = orientation.swapsDimensions ? raw.outputSize.transposed : raw.outputSize
        try DecodeLimits.check(draft.storedSize, limit: configuration.limits.maxPixels, path: path)
        let sidecar = SidecarMetadata.read(beside: path)
        draft.metadata = Self.metadata(of: raw, bytes: bytes, format: draft.format, path: path,
                                       modifiedNanoseconds: draft.file.status.modifiedNanoseconds, sidecar: sidecar)
        draft.sidecarStamp = sidecar.stamp
        let box = DecodeLimits.decodeBox(displayed: draft.displayedSize, orientation: orientation, configuration: configuration)
        if let image = try fromPreview(raw, box: box, stored: draft.storedSize, path: path) {
            return DecodedImage(draft: draft, image: image, orientation: orientation)
        }
        if let problem = raw.previewProblem { draft.warn("the RAW's preview cannot be used (\(problem)): developed instead") }
        let upright = DecodeLimits.decodeBox(displayed: draft.displayedSize, orientation: .up, configuration: configuration)
        return DecodedImage(draft: draft, image: try developed(raw, box: upright, path: path), orientation: .up)
    }

    private func open(_ bytes: SourceBytes, path: String) throws -> RawFile {
        do {
            return try RawFile(bytes, maxMemoryBytes: configuration.limits.maxDecodeMemoryBytes)
        } catch let error as MediaError {
            throw Self.failure(error, path: path, reason: "LibRaw cannot read it")
        }
    }

    /// LibRaw's refusals by class: a camera or variant it does not know is `unsupported`; an
    /// allocation over the budget `tooLarge`; anything else (cut-off or corrupt data) `damaged`.
    static func failure(_ error: Error, path: String, reason: String) -> IngestError {
        let refusal = error as? MediaError
        let errorClass: ErrorClass = refusal?.isUnsupportedByLibRaw == true ? .unsupported
            : refusal?.isOverLibRawsLimit == true ? .tooLarge : .damaged
        return IngestError(errorClass, path: path, reason: "\(reason): \(error)", causedBy: error)
    }

    /// The camera's data from the file's own EXIF (`RawEXIF`: a TIFF-based RAW's IFDs, a CR3's
    /// CMT boxes, a RAF's JPEG), then what LibRaw read for what that lacks; the orientation is
    /// the RAW's flip, what Shoebox applies; the capture time the best of every date found.
    static func metadata(of raw: RawFile, bytes: SourceBytes, format: MediaFormat, path: String,
                         modifiedNanoseconds: Int64, sidecar: SidecarMetadata? = nil) -> PhotoMetadata {
        let own = RawEXIF.block(in: UnsafeRawBufferPointer(bytes.buffer), format: format).map(ExifReader.read(fromEXIF:))
        let sources = [own?.metadata, raw.metadata].compactMap { $0 }
        var metadata = PhotoMetadata()
        metadata.make = sources.lazy.compactMap(\.make).first
        metadata.model = sources.lazy.compactMap(\.model).first
        metadata.lensModel = sources.lazy.compactMap(\.lensModel).first
        metadata.iso = sources.lazy.compactMap(\.iso).first
        metadata.fNumber = sources.lazy.compactMap(\.fNumber).first
        metadata.exposureTime = sources.lazy.compactMap(\.exposureTime).first
        metadata.focalLength = sources.lazy.compactMap(\.focalLength).first
        metadata.location = sources.lazy.compactMap(\.location).first
        metadata.orientation = raw.orientation.rawValue
        if metadata.location != nil { metadata.locationSource = .exifGPS }
        let dates = (own?.dates ?? []) + (raw.metadata.takenAt.map { [DateCandidate(.rawCaptureTime, $0)] } ?? [])
        (sidecar ?? SidecarMetadata.read(beside: path)).settle(&metadata, fileDates: dates, modifiedNanoseconds: modifiedNanoseconds)
        return metadata
    }

    /// The embedded preview fitted into `box` (stored orientation), or nil when there is none,
    /// it is smaller than the box, its shape is not the picture's, its header claims more than
    /// `maxPixels`, or it cannot be decoded.
    private func fromPreview(_ raw: RawFile, box: PixelSize, stored: PixelSize, path: String) throws -> VipsImage? {
        switch raw.preview {
        case let .jpeg(preview)?:
            guard let header = try? VipsImage.header(of: preview, format: .jpeg) else { return nil }
            let size = PixelSize(width: header.width, height: header.height)
            guard (try? DecodeLimits.check(size, limit: configuration.limits.maxPixels, path: path)) != nil,
                  Self.covers(size, box: box, stored: stored), !JPEGStructure.isTruncated(UnsafeRawBufferPointer(preview.buffer))
            else { return nil }
            try DecodeLimits.checkMemory(.jpeg(UnsafeRawBufferPointer(preview.buffer), size: size), fileBytes: preview.count,
                                         limit: configuration.limits.maxDecodeMemoryBytes, path: path)
            return try? VipsImage.decodeShrunkJPEG(preview, header: header, fitting: box.width, box.height,
                                                   convertToSRGB: header.needsProfileTransform)
        case let .rgb(width, height, pixels)?:
            guard Self.covers(PixelSize(width: width, height: height), box: box, stored: stored) else { return nil }
            let image = try? pixels.withUnsafeBytes { try VipsImage.fromRGB($0, width: width, height: height) }
            return try? image?.fittedInMemory(box.width, box.height)
        case nil:
            return nil
        }
    }

    /// Whether a preview of size `preview` can stand for a picture of size `stored` (both in
    /// stored orientation) when thumbnails need `box`: at least the box on both sides, and the
    /// picture's shape within `aspectTolerance`.
    static func covers(_ preview: PixelSize, box: PixelSize, stored: PixelSize) -> Bool {
        guard preview.width >= box.width, preview.height >= box.height, preview.height > 0, stored.height > 0 else { return false }
        let ratio = (Double(preview.width) / Double(preview.height)) / (Double(stored.width) / Double(stored.height))
        return abs(ratio - 1) <= Self.aspectTolerance
    }

    /// A half-size development fitted into `box` (upright: LibRaw applies the flip), after
    /// checking what it holds at once against the pipeline's decode memory limit.
    private func developed(_ raw: RawFile, box: PixelSize, path: String) throws -> VipsImage {
        let limit = configuration.limits.maxDecodeMemoryBytes
        guard raw.halfSizeDevelopmentBytes <= limit else {
            throw IngestError(.tooLarge, path: path, reason: String(
                format: "its preview does not cover the thumbnails, and a half-size development of the RAW needs %.1f MB "
                    + "at once; the pipeline's limits.decodeMemoryBytes allows %.1f MB",
                Double(raw.halfSizeDevelopmentBytes) / 1_000_000, Double(limit) / 1_000_000))
        }
        let reservation = memoryGate?.reserve(Int(clamping: raw.halfSizeDevelopmentBytes), capacity: Int(clamping: limit))
        defer { reservation?.release() }
        do {
            return try raw.developHalfSize { pixels, size in
                try VipsImage.fromRGB(pixels, width: size.width, height: size.height).fittedInMemory(box.width, box.height)
            }
        } catch {
            throw Self.failure(error, path: path, reason: "cannot develop the RAW")
        }
    }
}
