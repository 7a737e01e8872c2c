import Foundation
import Testing
@testable import Shoebox

/// `list --json` writes each asset with Shoebox's own JSON writer (Foundation's sorted keys
/// cost 1.6 ms an asset); what it writes is, byte for byte, what `JSONSerialization` wrote.
@Suite struct AssetJSONTests {
    static func foundationLine(_ asset: AssetRecord, library: Library) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: AssetJSON.object(asset, library: library),
                                              options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func everySampleIsWrittenAsJSONSerializationWritesIt() throws {
        let library = try TestLibrary()
        try library.ingest([Fixtures.samples])
        let assets = try library.assets()
        #expect(assets.count > 20)
        for asset in assets {
            let line = AssetJSON.line(asset, library: library.library)
            #expect(line == (try Self.foundationLine(asset, library: library.library)))
            #expect(asset.thumbnails.allSatisfy { line.contains(#""path":"\#(library.library.absolutePath($0.relativePath))""#) })
        }
    }

    @Test func escapesAndNumbersAreJSONSerializations() throws {
        let library = Library(root: URL(fileURLWithPath: "/lib"))
        var metadata = PhotoMetadata()
        metadata.exposureTime = 0.00001
        metadata.fNumber = 2.0
        metadata.focalLength = 4.25
        metadata.make = "Quote \" backslash \\ slash / tab \t newline \n bell \u{07} unit \u{1F} del \u{7F}"
        metadata.model = "é ☃ 🙂 \u{2028}"
        metadata.location = GPSLocation(latitude: 48.858_370_123_4, longitude: -2.294_499_999_999_999_8, altitude: -12.345)
        var asset = AssetRecord(id: 7, path: "/photos/name_non_utf8_\\xff\\xfe(.jpg", root: "/photos", kind: .livePhoto,
                                format: .jpeg, contentHash: "ab", fileSize: 10, modifiedNanoseconds: 1, width: 4, height: 3,
                                metadata: metadata, status: .ok, errorClass: nil, errorMessage: nil, missing: false,
                                addedAt: "2026-01-01T00:00:00Z",
                                thumbnails: [ThumbnailRecord(name: "thumb", recipe: "r", width: 4, height: 3, relativePath: "thumbs/ab/x.jpg")])
        asset.details.durationSeconds = 1.5
        asset.details.frameRate = 29.97002997
        asset.details.motionPhoto = EmbeddedVideo(offset: 100, length: 2000)
        asset.subtypes = [.live, .panorama]
        #expect(AssetJSON.line(asset, library: library) == (try Self.foundationLine(asset, library: library)))
    }

    @Test func everyKeyIsThereInSortedOrder() throws {
        let asset = AssetRecord(id: 1, path: "/p/a.jpg", root: "/p", kind: .photo, format: nil, contentHash: nil, fileSize: 0,
                                modifiedNanoseconds: 0, width: 0, height: 0, metadata: PhotoMetadata(), status: .failed,
                                errorClass: .damaged, errorMessage: "broken", missing: true, addedAt: "2026-01-01T00:00:00Z",
                                thumbnails: [])
        guard case let .object(fields) = AssetJSON.value(asset, library: Library(root: URL(fileURLWithPath: "/lib"))) else {
            Issue.record("not an object")
            return
        }
        #expect(fields.map(\.0) == [
            "addedAt", "codec", "contentHash", "contentIdentifier", "description", "durationSeconds", "error", "errorCause",
            "errorClass", "errorStage",
            "exposureTime", "fileSize", "fNumber", "focalLength", "format", "frameCount", "frameRate", "gps", "height", "id",
            "iso", "keywords", "kind", "lensModel", "locationSource", "loopCount", "make", "missing", "model", "moment", "motionPhoto",
            "orientation", "pairedVideo", "pairing", "path", "place", "rating", "resources", "status", "subtypes", "takenAt",
            "takenAtSource", "takenOffset", "takenOffsetSource", "thumbnails", "title", "warning", "width",
        ])
    }
}
