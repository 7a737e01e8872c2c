import Foundation
import Testing

/// FFmpeg is loaded when a file first needs it, not when `shoebox` starts (CFFmpegLoader):
/// commands that read no video never pay for mapping it. The dynamic linker's own log
/// (`LD_DEBUG=files`, on standard error) names every object it maps and why.
@Suite struct FFmpegLazyLoadingTests {
    @Test func aPhotosMetadataIsReadWithoutFFmpegMapped() throws {
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample("panorama.jpg").path], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0)
        #expect(run.errors.contains("file=libsqlite3.so.0 [0];  needed by"))   // the log is there
        #expect(!run.errors.contains("file=libavformat"))
    }

    @Test func helpRunsWithoutFFmpegMapped() throws {
        let run = try ShoeboxBinary.run(["--help"], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0)
        #expect(!run.errors.contains("file=libav"))
        #expect(!run.errors.contains("file=libswscale"))
    }

    @Test func aVideoLoadsFFmpegWhenItIsRead() throws {
        let run = try ShoeboxBinary.run(["metadata", Fixtures.sample("video/portrait.mp4").path], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0)
        #expect(run.errors.contains("file=libavformat.so.59 [0];  dynamically loaded by"))
    }

    /// A HEIC's HEVC is decoded by libavcodec (FFmpegHEVCDecoder), which needs libavutil and
    /// libavcodec only: libavformat, libswscale and their dependencies stay unmapped, and out
    /// of a photo library's memory.
    @Test func aHEICIsDecodedWithLibavcodecAloneMapped() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos", copying: [Fixtures.sample("photo.heic")])
        let library = folder.url.appendingPathComponent("library").path
        let pipeline = folder.url.appendingPathComponent("small.json")   // 480x320 shrunk at decode
        try Data("""
            {"name": "small", "description": "one 100 px thumbnail",
             "aspectRule": {"panoramaAbove": 1.8, "panoramaWidthFactor": 1.0, "tallBelow": 0.2, "tallWidthFactor": 0.5},
             "thumbnails": [{"name": "thumb", "rule": "fit", "width": 100, "height": 100, "format": "jpeg", "quality": 80, "maxLongEdge": 4096}],
             "limits": {"maxPixels": 268402689, "maxFileBytes": 536870912, "failOnTruncation": true},
             "concurrency": {"read": 1, "decode": 1, "orient": 1, "classify": 1, "thumbnail": 1}, "queueCapacity": 8}
            """.utf8).write(to: pipeline)
        let run = try ShoeboxBinary.run(["ingest", photos.path, "--library", library, "--no-supervise",
                                         "--pipeline", pipeline.path], environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0)
        #expect(run.errors.contains("file=libavcodec.so.59 [0];  dynamically loaded by"))
        #expect(!run.errors.contains("file=libavformat"))
        #expect(!run.errors.contains("file=libswscale"))
    }

    /// A library the dynamic linker cannot load (here a file that is no library, found first
    /// through LD_LIBRARY_PATH) fails the files that need it, naming it; the others are read.
    @Test func aMissingFFmpegFailsTheVideoNamingTheLibraryAndThePhotoIsRead() throws {
        let folder = try TemporaryFolder()
        try Data("not a library".utf8).write(to: folder.url.appendingPathComponent("libavformat.so.59"))
        let video = Fixtures.sample("video/portrait.mp4").path, photo = Fixtures.sample("panorama.jpg").path
        let run = try ShoeboxBinary.run(["metadata", video, photo], environment: ["LD_LIBRARY_PATH": folder.path])
        #expect(run.status == 1)
        #expect(run.errors == "failed \(video): cannot load libavformat.so.59: \(folder.path)/libavformat.so.59: file too short\n")
        #expect(run.output.hasPrefix(photo + "\tjpeg\t1200x300\t2024-06-01T18:30:00\t"))
    }

    /// Without FFmpeg, a video (and a BMP) is a valid file this machine cannot decode:
    /// `unsupported`, naming the library, so `--retry-failed` takes it once FFmpeg is installed;
    /// never `damaged`.
    @Test func anIngestWithoutFFmpegRecordsItsVideosAsUnsupportedNamingTheLibrary() throws {
        let folder = try TemporaryFolder()
        let fake = try folder.subfolder("fake-ffmpeg"), photos = try folder.subfolder("photos")
        try Data("not a library".utf8).write(to: fake.appendingPathComponent("libavformat.so.59"))
        try FileManager.default.copyItem(at: Fixtures.sample("video/portrait.mp4"), to: photos.appendingPathComponent("clip.mp4"))
        try FileManager.default.copyItem(at: Fixtures.sample("formats/bmp-24bit.bmp"), to: photos.appendingPathComponent("scan.bmp"))
        let library = folder.url.appendingPathComponent("library").path

        _ = try ShoeboxBinary.run(["ingest", photos.path, "--library", library], environment: ["LD_LIBRARY_PATH": fake.path])
        let list = try ShoeboxBinary.run(["list", "--json", "--library", library])

        let assets = try list.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let byName = Dictionary(uniqueKeysWithValues: assets.map { (URL(fileURLWithPath: $0["path"] as? String ?? "").lastPathComponent, $0) })
        for name in ["clip.mp4", "scan.bmp"] {
            #expect(byName[name]?["errorClass"] as? String == "unsupported", "\(name)")
            #expect((byName[name]?["error"] as? String)?.contains("cannot load libavformat.so.59") == true, "\(name)")
        }
    }
}
