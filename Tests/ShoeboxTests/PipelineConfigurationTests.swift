import Foundation
import Testing
@testable import Shoebox

/// Pipeline files: the default one, and the clear errors a broken one gets.
@Suite struct PipelineConfigurationTests {
    @Test func theDefaultPipelineHoldsTheDocumentedSpecs() throws {
        let pipeline = try Fixtures.pipeline()
        #expect(pipeline.thumbnails.map(\.name) == ["thumb", "preview"])
        #expect(pipeline.thumbnails[0].rule == .aspect && pipeline.thumbnails[0].width == 256)
        #expect(pipeline.thumbnails[1].rule == .fit && pipeline.thumbnails[1].height == 1440)
        #expect(pipeline.aspectRule == AspectRule(panoramaAbove: 1.8, panoramaWidthFactor: 1, tallBelow: 0.2, tallWidthFactor: 0.5))
        #expect(pipeline.limits.maxPixels == 268_402_689)
    }

    @Test func aMissingKeyIsNamed() throws {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository
            .appendingPathComponent("pipelines/default.json"))) as! [String: Any]
        object["aspectRule"] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: PipelineError.invalid(file: "p.json", reason: "missing key \"aspectRule\"")) {
            try PipelineConfiguration.parse(data, file: "p.json")
        }
    }

    @Test func aFitSpecWithoutHeightIsRefused() throws {
        var pipeline = try Fixtures.pipeline()
        pipeline.thumbnails[1].height = nil
        let data = try JSONEncoder().encode(pipeline)
        #expect(throws: PipelineError.invalid(file: "p.json", reason: "thumbnail \"preview\": rule \"fit\" needs a height")) {
            try PipelineConfiguration.parse(data, file: "p.json")
        }
    }

    @Test func anUnknownPipelineNameSaysWhereItLooked() throws {
        #expect(throws: PipelineError.self) {
            try PipelineLocator.locate("no-such-pipeline", environment: ["SHOEBOX_PIPELINES": "/nonexistent"])
        }
        let found = try PipelineLocator.locate("default", environment: ["SHOEBOX_PIPELINES": Fixtures.repository.appendingPathComponent("pipelines").path])
        #expect(found.lastPathComponent == "default.json")
    }

    @Test func everyPipelineInTheRepositoryParses() throws {
        let folder = Fixtures.repository.appendingPathComponent("pipelines")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for file in files {
            _ = try PipelineConfiguration.load(from: folder.appendingPathComponent(file))
        }
    }
}

extension PipelineConfigurationTests {
    @Test func aMisspeltKeyIsAnErrorNotASilentDefault() throws {
        let text = try String(contentsOf: Fixtures.repository.appendingPathComponent("pipelines/default.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"maxLongEdge\": 4096 },", with: "\"maxLongedge\": 4096, \"maxLongEdge\": 4096 },")
        #expect(throws: PipelineError.invalid(file: "p.json", reason:
            "unknown key \"thumbnails[0].maxLongedge\" (known: animated, format, height, maxLongEdge, name, quality, rule, width)")) {
            try PipelineConfiguration.parse(Data(text.utf8), file: "p.json")
        }
    }

    @Test func aWrongTypeNamesItsPlace() throws {
        let text = try String(contentsOf: Fixtures.repository.appendingPathComponent("pipelines/default.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"width\": 256", with: "\"width\": \"wide\"")
        do {
            _ = try PipelineConfiguration.parse(Data(text.utf8), file: "p.json")
            Issue.record("a string width was accepted")
        } catch let PipelineError.invalid(_, reason) {
            #expect(reason == "thumbnails[0].width must be a whole number, not \"wide\"")
        }
    }
}
