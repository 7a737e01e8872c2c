import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// The queues that carry whole files read into memory hold one file per decode worker, not
/// `queueCapacity` files: what waits there is what the ingest's peak memory is made of.
@Suite struct FileQueueCapacityTests {
    private func pipeline(queueCapacity: Int, jobs: Int) throws -> (IngestPipeline, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let library = Library(root: try folder.subfolder("library"))
        try library.prepare()
        var configuration = try Fixtures.pipeline()
        configuration.queueCapacity = queueCapacity
        let pipeline = IngestPipeline(configuration: configuration, catalog: try SQLiteCatalog(path: library.catalogPath),
                                      library: library, options: IngestOptions(jobs: jobs))
        return (pipeline, folder)
    }

    @Test func holdOneFilePerDecodeWorker() throws {
        let (pipeline, folder) = try pipeline(queueCapacity: 8, jobs: 2)
        #expect(pipeline.fileQueueCapacity == 2)
        _ = folder
    }

    @Test func neverHoldMoreThanQueueCapacity() throws {
        let (pipeline, folder) = try pipeline(queueCapacity: 1, jobs: 4)
        #expect(pipeline.fileQueueCapacity == 1)
        _ = folder
    }
}
