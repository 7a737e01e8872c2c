import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A library an earlier Shoebox made is read again by the next ingest, its evidence and not
/// its pixels: the subtypes and bursts it could not find then are found, the thumbnails stay
/// the same files, and the ingest after that finds everything unchanged.
@Suite struct EvidenceReadingTests {
    let cli = CommandLineTests()

    enum Backend { case sqlite, postgres }

    /// A folder of a burst's frame (named as a Pixel names one) and a video, ingested; then the
    /// catalog made to look as an earlier reading left it: version 0, no subtype, no burst.
    struct OldLibrary {
        let folder: TemporaryFolder
        let photos: URL
        let library: URL
        let backend: Backend
        let postgres: String?
        var catalogArguments: [String] { postgres.map { ["--catalog", $0] } ?? [] }

        init(_ backend: Backend) throws {
            self.backend = backend
            postgres = backend == .postgres ? try PostgresServer.makeDatabase() : nil
            folder = try TemporaryFolder()
            photos = try folder.folder("photos", copying: [Fixtures.sample("video/portrait.mp4")])
            try FileManager.default.copyItem(at: Fixtures.sample("panorama.jpg"),
                                             to: photos.appendingPathComponent("IMG_20240701_090000000_BURST001_COVER.jpg"))
            library = folder.url.appendingPathComponent("library")
            let first = try ingest()
            #expect(first.status == 0 && first.output.hasPrefix("ingested 2,"), "\(first.output)\(first.errors)")
            try execute("UPDATE assets SET reading_version = 0, subtypes = '', burst_key = NULL, burst_cover = NULL, codec = NULL")
        }

        func ingest() throws -> ShoeboxBinary.Result {
            try ShoeboxBinary.run(["ingest", photos.path, "--library", library.path] + catalogArguments)
        }

        private func execute(_ sql: String) throws {
            if let postgres { _ = try PGConnection(conninfo: postgres).query(sql) } else {
                try SQLiteConnection(path: library.appendingPathComponent("catalog.sqlite").path).execute(sql)
            }
        }

        /// Each row's reading version, subtypes, burst key and codec, by file name.
        func rows() throws -> [String: String] {
            let sql = "SELECT path, reading_version, subtypes, burst_key, codec FROM assets"
            var rows: [String: String] = [:]
            func add(_ path: String, _ version: Int, _ subtypes: String?, _ burst: String?, _ codec: String?) {
                rows[URL(fileURLWithPath: path).lastPathComponent] = "\(version) \(subtypes ?? "-") \(burst ?? "-") \(codec ?? "-")"
            }
            if let postgres {
                for row in try PGConnection(conninfo: postgres).query(sql).rows {
                    add(row.text("path"), row.int("reading_version"), row.optionalText("subtypes"), row.optionalText("burst_key"),
                        row.optionalText("codec"))
                }
            } else {
                let statement = try SQLiteConnection(path: library.appendingPathComponent("catalog.sqlite").path).statement(sql)
                while try statement.step() {
                    add(statement.text("path"), statement.int("reading_version"), statement.optionalText("subtypes"),
                        statement.optionalText("burst_key"), statement.optionalText("codec"))
                }
            }
            return rows
        }

        /// Every thumbnail file's inode and modification time, by path.
        func thumbnailStamps() throws -> [String: String] {
            var stamps: [String: String] = [:]
            let thumbs = library.appendingPathComponent("thumbs")
            let files = try #require(FileManager.default.enumerator(atPath: thumbs.path))
            for case let file as String in files {
                var info = stat()
                guard lstat(thumbs.appendingPathComponent(file).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                stamps[file] = "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            }
            return stamps
        }
    }

    @Test func anEarlierReadingIsReadAgainWithoutThePixels() throws {
        try readsAgain(.sqlite)
    }

    @Test(.enabled(if: PostgresServer.isAvailable, PostgresServer.skipReason))
    func anEarlierReadingIsReadAgainWithoutThePixelsOnPostgreSQL() throws {
        try readsAgain(.postgres)
    }

    private func readsAgain(_ backend: Backend) throws {
        let old = try OldLibrary(backend)
        let thumbnails = try old.thumbnailStamps()
        #expect(thumbnails.count == 4)

        let again = try old.ingest()

        #expect(again.status == 0)
        #expect(again.output.hasPrefix("ingested 0, unchanged 0, moved or touched 2,"), "\(again.output)")
        let rows = try old.rows()
        #expect(rows == [
            "IMG_20240701_090000000_BURST001_COVER.jpg": "\(EvidenceReading.version) panorama,burst name:IMG_20240701_090000000_BURST -",
            "portrait.mp4": "\(EvidenceReading.version)  - h264",
        ], "\(rows)")
        #expect(try old.thumbnailStamps() == thumbnails, "the thumbnails were made again")
        let third = try old.ingest()
        #expect(third.output.hasPrefix("ingested 0, unchanged 2,"), "\(third.output)")
    }

    @Test func aNewIngestRecordsTheCurrentReading() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("tall.jpg")])
        let library = folder.url.appendingPathComponent("library")
        _ = try cli.shoebox("ingest", photos.path, "--library", library.path)

        let statement = try SQLiteConnection(path: library.appendingPathComponent("catalog.sqlite").path)
            .statement("SELECT reading_version FROM assets")
        #expect(try statement.step())
        #expect(statement.int("reading_version") == EvidenceReading.version)
    }
}
