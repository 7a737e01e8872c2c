/// One way of decoding files into a shrunk picture with their metadata: what the decode stage
/// calls for every file, whichever library does the work. `DecoderTable` picks the decoder of a
/// format; each refuses what is over the pipeline's limits before it decodes a pixel.
protocol FileDecoder {
    /// `bytes`: the file as the read stage kept it (nil for a video, which is read by FFmpeg
    /// from its path).
    func decode(_ draft: AssetDraft, bytes: SourceBytes?) throws -> DecodedImage

    /// The draft's metadata read again with no pixel decoded, for a file whose pixels are
    /// catalogued already and whose sidecars changed; nil when this decoder must decode the
    /// file again to know it (a BMP, a RAW).
    func refreshMetadata(_ draft: AssetDraft, bytes: SourceBytes?) throws -> AssetDraft?
}

extension FileDecoder {
    func refreshMetadata(_ draft: AssetDraft, bytes: SourceBytes?) throws -> AssetDraft? { nil }

    /// The read stage's bytes, which every decoder but the video's needs.
    func kept(_ bytes: SourceBytes?, of draft: AssetDraft) throws -> SourceBytes {
        guard let bytes else { throw IngestError(.unreadable, path: draft.file.path, reason: "the read stage kept no bytes") }
        return bytes
    }
}
