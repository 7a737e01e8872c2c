import Foundation

/// Reads an original (read-only, regular files only), hashes it and sniffs its format.
/// Stills are read whole (the decoder and the hash share the bytes); videos are hashed as a
/// stream and the limit on file size does not apply to them.
///
/// Formats are recognised by content: a file whose bytes no supported format starts with is
/// settled `unsupported` here, before any decoder sees it. A file that neither starts like
/// media nor has a media file extension (a README, `.DS_Store`; sidecars never reach this stage) is skipped
/// without being read further.
public struct ReadStage: PipelineStage {
    public let name = IngestStage.read.rawValue
    let maxFileBytes: Int64
    /// Whole files wait for the decode workers within this many bytes (`ByteBudget`,
    /// `IngestPipeline.readAheadBytes`): a still's size is reserved before it is read. nil: no
    /// budget (a file read for itself).
    var readAhead: ByteBudget? = nil

    /// Extensions that claim a file is media: such a file is recorded even when unreadable.
    public static let mediaExtensions: Set<String> = videoExtensions.union([
        "jpg", "jpeg", "jpe", "jfif", "png", "gif", "webp", "tif", "tiff", "heic", "heif", "hif", "avif", "jxl",
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "sr2", "raf", "rw2", "orf", "pef", "srw", "3fr", "iiq",
        "x3f", "mrw", "erf", "bmp",
    ])

    /// Extensions that claim a file is a video (a `.thm` beside one is its thumbnail: `Sidecar`).
    public static let videoExtensions: Set<String> = ["mp4", "mov", "m4v", "3gp", "mkv", "webm", "avi"]

    public func process(_ input: AssetDraft) throws -> PipelineItem<SourceData> {
        let path = input.file.path
        let sniffed = (try? SourceFile.head(path, count: FormatSniffer.headerLength)).flatMap(FormatSniffer.format(of:))
        if sniffed == nil && !Self.mediaExtensions.contains((path as NSString).pathExtension.lowercased()) {
            return .settled(.skipped(path: path, reason: "not a media file (by content and name)"))
        }
        if let format = sniffed, format.isVideo {
            return try streamVideo(input, format: format)
        }
        return try readStill(input)
    }

    /// Videos are hashed as a stream and never held in memory; the decoder opens them again.
    private func streamVideo(_ input: AssetDraft, format: MediaFormat) throws -> PipelineItem<SourceData> {
        var draft = input
        do {
            (draft.contentHash, draft.file.status) = try SourceFile.hash(draft.file.path)
        } catch {
            throw IngestError(.unreadable, path: draft.file.path, reason: "\(error)", causedBy: error)
        }
        draft.format = format
        return .work(SourceData(draft: draft, bytes: nil))
    }

    private func readStill(_ input: AssetDraft) throws -> PipelineItem<SourceData> {
        var draft = input
        let path = draft.file.path
        let reservation = readAhead?.reserve(Int(clamping: max(draft.file.status.size, 0)))
        let bytes: SourceBytes
        do {
            let (read, status) = try SourceFile.read(path, maxBytes: maxFileBytes)
            bytes = read
            draft.file.status = status
        } catch SourceFileError.tooLarge(let size, let limit) {
            throw IngestError(.tooLarge, path: path, reason: "file is \(size) bytes; the pipeline allows \(limit)")
        } catch let error as MediaError {
            throw IngestError(.unreadable, path: path, reason: "\(error)", causedBy: error)
        }
        draft.contentHash = ContentHasher.hash(bytes)
        guard bytes.count > 0 else {
            return failure(.damaged, "empty file", draft)
        }
        guard let format = FormatSniffer.format(ofFile: UnsafeRawBufferPointer(bytes.buffer)), format.isStillImage else {
            return failure(.unsupported, "not a supported image or video format (by content)", draft)
        }
        draft.format = format
        return .work(SourceData(draft: draft, bytes: bytes, readAhead: reservation))
    }

    private func failure(_ errorClass: ErrorClass, _ reason: String, _ draft: AssetDraft) -> PipelineItem<SourceData> {
        .settled(.failed(IngestError(errorClass, path: draft.file.path, reason: reason), file: draft.file,
                         contentHash: draft.contentHash, existingID: draft.existingID))
    }
}
