import Foundation
import Testing
@testable import Shoebox

/// `"mode": "decode-only"`: a pipeline that decodes as an ingest does and writes nothing.
@Suite struct DecodeOnlyPipelineTests {
    @Test func theDecodeOnlyPipelineDecodesAsTheDefaultDoes() throws {
        var decodeOnly = try PipelineConfiguration.load(from: Fixtures.repository.appendingPathComponent("pipelines/profile-decode.json"))
        let standard = try Fixtures.pipeline()
        #expect(decodeOnly.isDecodeOnly && !standard.isDecodeOnly)
        // Nothing else differs: the same thumbnails set the same shrink-on-load, with the same limits and workers.
        decodeOnly.name = standard.name
        decodeOnly.description = standard.description
        decodeOnly.mode = standard.mode
        #expect(decodeOnly == standard)
    }

    @Test func theModeKeyTakesOnlyItsTwoValues() throws {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository
            .appendingPathComponent("pipelines/default.json"))) as! [String: Any]
        object["mode"] = "ingest"
        #expect(try PipelineConfiguration.parse(JSONSerialization.data(withJSONObject: object), file: "p.json").isDecodeOnly == false)
        object["mode"] = "decode-only"
        #expect(try PipelineConfiguration.parse(JSONSerialization.data(withJSONObject: object), file: "p.json").isDecodeOnly)
        object["mode"] = "decode"
        #expect(throws: PipelineError.self) {
            try PipelineConfiguration.parse(JSONSerialization.data(withJSONObject: object), file: "p.json")
        }
        object["mode"] = "decode-only"
        object["modes"] = "x"
        #expect(throws: PipelineError.self) {
            try PipelineConfiguration.parse(JSONSerialization.data(withJSONObject: object), file: "p.json")
        }
    }

    @Test func aDecodeOnlyPipelineWritesNothingEvenIntoARealCatalog() throws {
        let library = try TestLibrary()
        let configuration = try PipelineConfiguration.load(from: Fixtures.repository.appendingPathComponent("pipelines/profile-decode.json"))
        let photos = try ProfileSamples.copies(of: ProfileSamples.mixed, in: library.folder)
        let summary = try library.ingest([URL(fileURLWithPath: photos)], configuration: configuration)
        #expect(summary.ingested == 13 && summary.failed == 2)
        #expect(try library.assets().isEmpty)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: library.library.thumbnailsFolder.path) == [])
    }
}
