import Foundation

/// Makes every thumbnail of the pipeline from one upright image, and writes them atomically.
///
/// Files are content-addressed: a thumbnail that already exists (the same picture elsewhere,
/// or an earlier run) is reused, not encoded again.
public struct ThumbnailStage: PipelineStage {
    public let name = IngestStage.thumbnail.rawValue
    let configuration: PipelineConfiguration
    let library: Library

    public func process(_ input: OrientedImage) throws -> PipelineItem<AssetDraft> {
        var draft = input.draft
        // Decode-only (profiling): the decode was the point; nothing is resized, encoded or written.
        if configuration.isDecodeOnly { return .work(draft) }
        draft.thumbnails = try CrashGuard.whileWorking(on: draft.file.path, budgetSeconds: configuration.limits.imageBudget) {
            try configuration.thumbnails.map { spec in
                try thumbnail(spec, of: input.image, animation: spec.animated == true ? input.animation : nil, draft: draft)
            }
        }
        input.inFlight?.release()   // done with the pixels: the decode workers may hand on the next
        return .work(draft)
    }

    private func thumbnail(_ spec: ThumbnailSpec, of image: VipsImage, animation: SourceBytes?,
                           draft: AssetDraft) throws -> ThumbnailRecord {
        let size = ThumbnailSizing.targetSize(for: draft.displayedSize, spec: spec, aspectRule: configuration.aspectRule)
        let recipe = spec.recipeHash(aspectRule: configuration.aspectRule)
        let relativePath = library.thumbnailRelativePath(contentHash: draft.contentHash, recipeHash: recipe, format: spec.format)
        if !library.fileExists(relativePath) {
            let data: Data
            do {
                let frames = try animation.map { try allFrames($0, size: size, draft: draft) }
                data = try (frames ?? resized(image, to: size)).encoded(as: spec.format, quality: spec.quality)
            } catch {
                throw IngestError(.damaged, path: draft.file.path, reason: "cannot make thumbnail \(spec.name): \(error)", causedBy: error)
            }
            do {
                try AtomicFileWriter.write(data, toRelativePath: relativePath, in: library)
            } catch {
                let full = (error as? AtomicWriteError)?.isDiskFull ?? false
                throw IngestError(.writeFailed, path: draft.file.path, reason: "\(error)", causedBy: error, stopsTheRun: full)
            }
        }
        return ThumbnailRecord(name: spec.name, recipe: recipe, width: size.width, height: size.height,
                               relativePath: relativePath)
    }

    /// `image` at `size`: by `Lanczos3Resampler` when that route takes it (a smaller thumbnail
    /// from a larger box, such as the 256 px one from the 1440 px preview's), else by libvips.
    private func resized(_ image: VipsImage, to size: PixelSize) throws -> VipsImage {
        try image.reducedByLanczos3(to: size) ?? image.resized(toWidth: size.width, height: size.height)
    }

    /// Every frame at `size`, as the WebP saver takes an animation: a GIF's or WebP's through
    /// libvips, an AVIF sequence's through FFmpeg (libheif 1.15 reads only its first frame),
    /// from the file again, as a motion photo's video is read.
    private func allFrames(_ animation: SourceBytes, size: PixelSize, draft: AssetDraft) throws -> VipsImage {
        guard draft.format == .avif, let sequence = AVIFSequence.read(UnsafeRawBufferPointer(animation.buffer)) else {
            return try VipsImage.allFrames(animation, width: size.width, height: size.height)
        }
        return try VideoFile(path: draft.file.path, format: .avif, stream: sequence.trackIndex)
            .allFrames(size: size, limit: sequence.frameCount)
    }
}
