import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// Decoded pictures on their way from the decode workers to the thumbnail workers are held
/// to `IngestPipeline.decodedPictureBytes` (16 MiB a thumbnail worker), not only to
/// `queueCapacity` items a queue: what waits there is part of the ingest's peak memory.
@Suite struct DecodedPictureBudgetTests {
    /// A pipeline whose one thumbnail worker is slow (two JPEG encodes of noise the size of
    /// the picture) behind two decode workers that are fast (PNGs stored without compression),
    /// with time budgets that a loaded machine cannot go over.
    static func slowThumbnails(fitting side: Int) throws -> PipelineConfiguration {
        var configuration = try Fixtures.pipeline()
        configuration.thumbnails = [
            ThumbnailSpec(name: "large", rule: .fit, width: side, height: side, quality: 95, maxLongEdge: side),
            ThumbnailSpec(name: "large-again", rule: .fit, width: side - 1, height: side - 1, quality: 95, maxLongEdge: side),
        ]
        configuration.concurrency.thumbnail = 1
        configuration.limits.imageSeconds = 600
        return configuration
    }

    /// `count` sRGB PNGs of noise, `width` x `height`, stored without compression, each distinct.
    static func noisePhotos(_ count: Int, width: Int, height: Int, in folder: TemporaryFolder) throws -> URL {
        let photos = try folder.subfolder("photos")
        for seed in 1...count {
            let noise = folder.url.appendingPathComponent("noise-\(seed).v").path
            try FixtureTool.run("vips", ["gaussnoise", noise, "\(width)", "\(height)", "--seed", "\(seed)"])
            try FixtureTool.run("vips", ["colourspace", noise, photos.appendingPathComponent("noise-\(seed).png").path
                                         + "[compression=0]", "srgb"])
        }
        return photos
    }

    static func ingest(_ photos: URL, with configuration: PipelineConfiguration,
                       in folder: TemporaryFolder) throws -> (IngestPipeline, IngestSummary) {
        let library = Library(root: try folder.subfolder("library"))
        try library.prepare()
        let pipeline = IngestPipeline(configuration: configuration, catalog: try SQLiteCatalog(path: library.catalogPath),
                                      library: library, options: IngestOptions(jobs: 2))
        return (pipeline, try pipeline.run(roots: [photos.path]))
    }

    /// Eight 2400x1800 pictures (13 MB decoded) behind one slow thumbnail worker: counted in
    /// items, the three queues let the decode workers run through all eight while the
    /// thumbnail worker made its first; within 16 MiB, one is in flight at a time.
    @Test func picturesWaitingForOneSlowThumbnailWorkerHoldAtMost16MiB() throws {
        let folder = try TemporaryFolder()
        let photos = try Self.noisePhotos(8, width: 2400, height: 1800, in: folder)

        let (pipeline, summary) = try Self.ingest(photos, with: try Self.slowThumbnails(fitting: 2400), in: folder)

        #expect(summary.ingested == 8)
        #expect(pipeline.decodedPictureBytes == 16 << 20)
        #expect(pipeline.decodedPictures.peakBytes == 2400 * 1800 * 3)
        #expect(pipeline.decodedPictures.heldBytes == 0)
    }

    /// A 4000x3000 picture decoded whole (36 MB) is larger than the whole budget: it goes
    /// through when nothing else is in flight, and so does the next.
    @Test func aPictureLargerThanTheBudgetGoesThroughAlone() throws {
        let folder = try TemporaryFolder()
        let photos = try Self.noisePhotos(3, width: 4000, height: 3000, in: folder)

        let (pipeline, summary) = try Self.ingest(photos, with: try Self.slowThumbnails(fitting: 4000), in: folder)

        #expect(summary.ingested == 3)
        #expect(pipeline.decodedPictures.peakBytes == 4000 * 3000 * 3)
        #expect(pipeline.decodedPictures.heldBytes == 0)
    }
}
