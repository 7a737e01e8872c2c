import Foundation
import Testing
@testable import Shoebox

/// The count ahead of the walk (`DiscoverStage.count`) finds the files the walk finds, and
/// yields nothing: links not followed, a FIFO not a file, the library not walked into.
@Suite struct FileCountTests {
    @Test func theCountFindsWhatTheWalkFinds() throws {
        let folder = try TemporaryFolder()
        let root = try folder.subfolder("photos")
        let picture = try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))
        for path in ["a.jpg", "2024/b.jpg", "2024/May/c.jpg", "2024/May/notes.txt", "deep/er/still/d.jpg"] {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try picture.write(to: file)
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.jpg").path,
                                                   withDestinationPath: root.appendingPathComponent("a.jpg").path)
        #expect(mkfifo(root.appendingPathComponent("pipe").path, 0o644) == 0)
        let library = root.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try picture.write(to: library.appendingPathComponent("inside.jpg"))

        let counter = DiscoverStage(excluding: library)
        let counted = counter.count(root: root.path)

        let walker = DiscoverStage(excluding: library)
        let output = BlockingQueue<PipelineItem<DiscoveredFile>>(capacity: 64)
        let report = walker.walk(root: root.path, into: output)
        output.close()
        #expect(counted == 5, "a.jpg, b.jpg, c.jpg, notes.txt, d.jpg")
        #expect(counted == report.regularFiles && counted == walker.discovered.value)
        #expect(counter.discovered.value == 5)
    }
}
