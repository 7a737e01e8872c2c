import Foundation
import Testing
@testable import Shoebox

/// A FIFO, socket or device given directly as a PATH: skipped as what it is, never opened
/// (opening a FIFO waits for a writer), and not reported as a folder that cannot be read.
@Suite struct SpecialFileRootTests {
    @Test func fifosSocketsAndDevicesAreNamedByWhatTheyAre() {
        #expect(DiscoverStage.specialFileKind(S_IFIFO | 0o644) == "FIFO")
        #expect(DiscoverStage.specialFileKind(S_IFSOCK | 0o755) == "socket")
        #expect(DiscoverStage.specialFileKind(S_IFCHR | 0o666) == "character device")
        #expect(DiscoverStage.specialFileKind(S_IFBLK | 0o660) == "block device")
        #expect(DiscoverStage.specialFileKind(S_IFREG | 0o644) == nil)
        #expect(DiscoverStage.specialFileKind(S_IFDIR | 0o755) == nil)
        #expect(DiscoverStage.specialFileKind(S_IFLNK | 0o777) == nil)
    }

    /// Skipped like a file given as a PATH that is not media: the run succeeds, nothing is
    /// flagged missing.
    @Test func aFIFOOrDeviceGivenAsAPathIsSkippedAsWhatItIs() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("photos.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try ShoeboxBinary.run(["ingest", fifo, "/dev/null", "--library", folder.url.appendingPathComponent("library").path])
        #expect(result.status == 0)
        #expect(result.errors.contains("skipped \(fifo): a FIFO, not a regular file or a folder; not opened\n"))
        #expect(result.errors.contains("skipped /dev/null: a character device, not a regular file or a folder; not opened\n"))
        #expect(!result.errors.contains("Not a directory"))
        #expect(result.output.hasPrefix("ingested 0, unchanged 0, moved or touched 0, failed 0, still failed 0, skipped 2, newly missing 0"))
    }
}

extension SpecialFileRootTests {
    /// `metadata` names a FIFO or device given as a PATH as what it is and skips it, as ingest
    /// does; it said "not a supported image or video format (by content)" and failed.
    @Test func metadataSkipsAFIFOOrDeviceGivenAsAPathAsWhatItIs() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("photo.jpg").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try ShoeboxBinary.run(["metadata", fifo, "/dev/null", Fixtures.sample("tall.jpg").path])
        #expect(result.status == 0)
        #expect(result.errors == """
            skipped \(fifo): a FIFO, not a regular file or a folder; not opened
            skipped /dev/null: a character device, not a regular file or a folder; not opened\n
            """)
        #expect(result.output.hasPrefix(Fixtures.sample("tall.jpg").path + "\tjpeg\t60x600\t"))
    }

    /// A PATH that is not there, or that cannot be read, is named as such, not as a file of an
    /// unsupported format.
    @Test func metadataSaysAPathThatIsNotThereCannotBeRead() throws {
        let folder = try TemporaryFolder()
        let gone = folder.url.appendingPathComponent("gone.jpg").path
        let result = try ShoeboxBinary.run(["metadata", gone])
        #expect(result.status == 1)
        #expect(result.errors == "failed \(gone): cannot be read: No such file or directory\n")
    }
}
