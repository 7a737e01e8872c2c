import Foundation

/// Reads an original (read-only, regular files only), hashes it and sniffs its format.
///
/// Formats are recognised by content: a file whose bytes no supported format starts with is
/// settled `unsupported` here, before any decoder sees it. A file that neither starts like
/// media nor has a media file extension (a README, a sidecar, `.DS_Store`) is skipped
/// without being read further.
public struct ReadStage: PipelineStage {
    public let name = "read"
    let maxFileBytes: Int64

    /// Extensions that claim a file is media: such a file is recorded even when unreadable.
    public static let mediaExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "png", "gif", "webp", "tif", "tiff", "heic", "heif", "hif", "avif",
        "dng", "cr2", "cr3", "nef", "arw", "orf", "rw2", "raf", "bmp",
        "mp4", "mov", "m4v", "3gp", "mkv", "webm", "avi",
    ]

    public func process(_ input: AssetDraft) throws -> PipelineItem<SourceData> {
        var draft = input
        let path = draft.file.path
        if !Self.mediaExtensions.contains((path as NSString).pathExtension.lowercased()),
           let head = try? SourceFile.head(path, count: FormatSniffer.headerLength),
           FormatSniffer.format(of: head) == nil {
            return .settled(.skipped(path: path, reason: "not a media file (by content and name)"))
        }
        let bytes: SourceBytes
        do {
            let (read, status) = try SourceFile.read(path, maxBytes: maxFileBytes)
            bytes = read
            draft.file.status = status
        } catch SourceFileError.tooLarge(let size, let limit) {
            throw IngestError(.tooLarge, path: path, reason: "file is \(size) bytes; the pipeline allows \(limit)")
        } catch let error as MediaError {
            throw IngestError(.unreadable, path: path, reason: "\(error)")
        }
        draft.contentHash = ContentHasher.hash(bytes)
        guard bytes.count > 0 else {
            return failure(.damaged, "empty file", draft)
        }
        guard let format = FormatSniffer.format(of: bytes.head) else {
            return failure(.unsupported, "not a supported image format (by content)", draft)
        }
        guard format.isStillImage else {
            return failure(.unsupported, "video files are not ingested yet", draft)
        }
        draft.format = format
        return .work(SourceData(draft: draft, bytes: bytes))
    }

    private func failure(_ errorClass: ErrorClass, _ reason: String, _ draft: AssetDraft) -> PipelineItem<SourceData> {
        .settled(.failed(IngestError(errorClass, path: draft.file.path, reason: reason), file: draft.file,
                         contentHash: draft.contentHash, existingID: draft.existingID))
    }
}
