/// Decodes a BMP: its headers first (the pixel size and the decode's memory against the
/// pipeline's limits, the compression against what the decoder reads), then FFmpeg's BMP
/// decoder (`BMPImage`), or Shoebox's own for 16- and 32-bit bit-field layouts
/// (`BMPBitFields`: FFmpeg takes only the common masks).
/// A BMP holds no capture metadata: its time is its sidecar's, else the file's.
struct BitmapDecoder: FileDecoder {
    let configuration: PipelineConfiguration
    /// Shared by the decode stage's workers (`DecodeMemoryGate`). nil: the decode is only held
    /// to the budget alone.
    var memoryGate: DecodeMemoryGate?

    func decode(_ input: AssetDraft, bytes: SourceBytes?) throws -> DecodedImage {
        let bytes = try kept(bytes, of: input)
        var draft = input
        let path = draft.file.path
        guard let header = BMPHeader(bytes.head) else {
            throw IngestError(.damaged, path: path, reason: "the BMP headers cannot be read")
        }
        guard BMPHeader.decodableCompressions.contains(header.compression) else {
            throw IngestError(.unsupported, path: path,
                              reason: "BMP compression \(header.compression) (\(header.compressionName)) is not supported")
        }
        draft.storedSize = header.size
        try DecodeLimits.check(draft.storedSize, limit: configuration.limits.maxPixels, path: path)
        draft.displayedSize = draft.storedSize
        recordCaptureTime(into: &draft)
        let box = DecodeLimits.decodeBox(displayed: draft.displayedSize, orientation: .up, configuration: configuration)
        let raw = UnsafeRawBufferPointer(bytes.buffer)
        let channels: [BMPBitFields.Channel]?
        do { channels = try BMPBitFields.channels(raw, header: header) } catch {
            throw IngestError(.damaged, path: path, reason: "cannot decode: \(error)", causedBy: error)
        }
        let needed = channels == nil ? DecodeMemory.bmp(size: draft.storedSize, bitsPerPixel: header.bitsPerPixel)
                                     : DecodeMemory.bmpBitFields(size: draft.storedSize)
        let limit = configuration.limits.maxDecodeMemoryBytes
        try DecodeLimits.checkMemory(needed, fileBytes: bytes.count, limit: limit, path: path)
        let reservation = memoryGate?.reserve(needed.bytes.addingReportingOverflow(bytes.count).partialValue,
                                              capacity: Int(clamping: limit))
        defer { reservation?.release() }
        do {
            if let channels {
                let rgb = try BMPBitFields.decode(raw, header: header, channels: channels)
                let image = try rgb.withUnsafeBytes { try VipsImage.fromRGB($0, width: header.width, height: header.height) }
                return DecodedImage(draft: draft, image: try image.fittedInMemory(box.width, box.height), orientation: .up)
            }
            let image = try BMPImage.decode(bytes, fitting: box)
            if let repaired = BMPRepairs.warning(raw, header: header) { draft.warn(repaired) }
            return DecodedImage(draft: draft, image: image, orientation: .up)
        } catch let error as MediaError where error.isMissingDecoder {
            throw IngestError(.unsupported, path: path, reason: "cannot decode: \(error)", causedBy: error)
        } catch {
            throw IngestError(.damaged, path: path, reason: "cannot decode: \(error)", causedBy: error)
        }
    }

    private func recordCaptureTime(into draft: inout AssetDraft) {
        let sidecar = SidecarMetadata.read(beside: draft.file.path)
        sidecar.settle(&draft.metadata, fileDates: [], modifiedNanoseconds: draft.file.status.modifiedNanoseconds)
        draft.sidecarStamp = sidecar.stamp
    }
}
