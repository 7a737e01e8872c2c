import Foundation
import Testing
@testable import Shoebox

/// A pipeline file's values: each wrong one is refused with its key and the value, and worker
/// counts and thumbnail sizes have documented bounds (pipelines/README.md).
@Suite struct PipelineValueTests {
    /// The default pipeline with one key set to `json` (a JSON text), at a dotted path where a
    /// number is a list index: `thumbnails.0.width`.
    func parse(setting path: String, to json: String) throws -> PipelineConfiguration {
        let url = Fixtures.repository.appendingPathComponent("pipelines/default.json")
        var document = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        document = Self.set(value, at: path.split(separator: ".").map(String.init)[...], in: document)
        return try PipelineConfiguration.parse(JSONSerialization.data(withJSONObject: document), file: "bench.json")
    }

    private static func set(_ value: Any, at path: ArraySlice<String>, in node: Any) -> Any {
        guard let key = path.first else { return value }
        if var list = node as? [Any], let index = Int(key) {
            list[index] = set(value, at: path.dropFirst(), in: list[index])
            return list
        }
        var object = node as! [String: Any]
        object[key] = set(value, at: path.dropFirst(), in: object[key] as Any)
        return object
    }

    func reason(setting path: String, to json: String) -> String? {
        do {
            _ = try parse(setting: path, to: json)
            return nil
        } catch let PipelineError.invalid(file, reason) {
            return "\(file): \(reason)"
        } catch {
            return "\(error)"
        }
    }

    /// The JSON decoder says only "not valid JSON" for `0.5` where a whole number belongs.
    @Test func aValueOfTheWrongKindIsNamedWithItsKeyAndValue() {
        let cases: [(path: String, json: String, reason: String)] = [
            ("limits.imageSeconds", "0.5", "bench.json: limits.imageSeconds must be a whole number, not 0.5"),
            ("thumbnails.1.height", "2.5", "bench.json: thumbnails[1].height must be a whole number, not 2.5"),
            ("limits.maxPixels", "1e30",
             "bench.json: limits.maxPixels must be a whole number up to 9223372036854775807, not 1e+30"),
            ("thumbnails.0.width", "\"wide\"", "bench.json: thumbnails[0].width must be a whole number, not \"wide\""),
            ("thumbnails.0.rule", "\"square\"", "bench.json: thumbnails[0].rule must be one of aspect, fit, not \"square\""),
            ("thumbnails.0.format", "\"gif\"", "bench.json: thumbnails[0].format must be one of jpeg, webp, png, not \"gif\""),
            ("limits.failOnTruncation", "1", "bench.json: limits.failOnTruncation must be true or false, not 1"),
            ("video.posterAt", "\"start\"", "bench.json: video.posterAt must be a number, not \"start\""),
            ("video.posterFrame", "\"first\"", "bench.json: video.posterFrame must be one of keyframe, exact, not \"first\""),
            ("mode", "\"decode\"", "bench.json: mode must be one of ingest, decode-only, not \"decode\""),
            ("thumbnails", "{}", "bench.json: thumbnails must be a list, not an object"),
            ("queueCapacity", "null", "bench.json: queueCapacity is required: it cannot be null"),
        ]
        for (path, json, expected) in cases {
            #expect(reason(setting: path, to: json) == expected, "\(path) = \(json)")
        }
        #expect(throws: PipelineError.invalid(file: "p.json", reason: "not valid JSON")) {
            try PipelineConfiguration.parse(Data("{\"name\": ".utf8), file: "p.json")
        }
        #expect(throws: PipelineError.invalid(file: "p.json", reason: "the file must be an object, not a list")) {
            try PipelineConfiguration.parse(Data("[1]".utf8), file: "p.json")
        }
    }

    /// A value out of its range is named with its key and the value itself, as a value of the
    /// wrong kind is: `limits.imageSeconds` 0 said "limits.imageSeconds and videoSeconds must
    /// be positive", naming neither which key nor what it held.
    @Test func aValueOutOfItsRangeIsNamedWithItsKeyAndValue() {
        let cases: [(path: String, json: String, reason: String)] = [
            ("limits.imageSeconds", "0", "bench.json: limits.imageSeconds must be positive, not 0"),
            ("limits.videoSeconds", "-3", "bench.json: limits.videoSeconds must be positive, not -3"),
            ("limits.maxPixels", "0", "bench.json: limits.maxPixels must be positive, not 0"),
            ("limits.maxFileBytes", "-1", "bench.json: limits.maxFileBytes must be positive, not -1"),
            ("limits.gifFramePixels", "0", "bench.json: limits.gifFramePixels must be positive, not 0"),
            ("limits.decodeMemoryBytes", "0", "bench.json: limits.decodeMemoryBytes must be positive, not 0"),
            ("queueCapacity", "0", "bench.json: queueCapacity must be positive, not 0"),
            ("video.posterAt", "-5", "bench.json: video.posterAt must be a fraction from 0 to 1, not -5.0"),
            ("livePhoto.maxVideoSeconds", "0", "bench.json: livePhoto.maxVideoSeconds must be positive, not 0.0"),
            ("livePhoto.maxCaptureGapSeconds", "-1", "bench.json: livePhoto.maxCaptureGapSeconds must not be negative, not -1.0"),
            ("aspectRule.tallBelow", "0", "bench.json: aspectRule.tallBelow must be positive, not 0.0"),
            ("aspectRule.panoramaAbove", "0.1",
             "bench.json: aspectRule.panoramaAbove must be above aspectRule.tallBelow (0.2), not 0.1"),
            ("aspectRule.tallWidthFactor", "0", "bench.json: aspectRule.tallWidthFactor must be positive, not 0.0"),
            ("thumbnails.0.quality", "101", "bench.json: thumbnails[0].quality must be from 1 to 100, not 101"),
            ("thumbnails.0.name", "\"my thumb\"",
             "bench.json: thumbnails[0].name may hold only letters, digits, - and _, not \"my thumb\""),
            ("thumbnails.1.name", "\"thumb\"", "bench.json: thumbnails[1].name must differ from every other, not \"thumb\""),
        ]
        for (path, json, expected) in cases {
            #expect(reason(setting: path, to: json) == expected, "\(path) = \(json)")
        }
    }

    /// A video's poster is the keyframe at its time unless a pipeline asks for the exact frame.
    @Test func thePosterFrameIsTheKeyframeUnlessThePipelineAsksForTheExactFrame() throws {
        #expect(try parse(setting: "video.posterAt", to: "0.1").videoSettings.posterChoice == .keyframe)
        #expect(try parse(setting: "video.posterFrame", to: "\"exact\"").videoSettings.posterChoice == .exact)
        #expect(try parse(setting: "video.posterFrame", to: "\"keyframe\"").videoSettings.posterChoice == .keyframe)
    }

    /// One bound for every stage (`WorkerLimit`): past it, workers would wait forever for
    /// threads (`concurrency.decode` 100000 hung at 256 threads with no message).
    @Test func everyStageTakesAtMost32Workers() throws {
        #expect(WorkerLimit.maximum == 32)
        let cases: [(path: String, json: String, reason: String)] = [
            ("concurrency.decode", "100000", "bench.json: concurrency.decode must be from 0 to 32 (0 = one per core), not 100000"),
            ("concurrency.decode", "33", "bench.json: concurrency.decode must be from 0 to 32 (0 = one per core), not 33"),
            ("concurrency.decode", "-1", "bench.json: concurrency.decode must be from 0 to 32 (0 = one per core), not -1"),
            ("concurrency.read", "33", "bench.json: concurrency.read must be from 1 to 32, not 33"),
            ("concurrency.orient", "1000", "bench.json: concurrency.orient must be from 1 to 32, not 1000"),
            ("concurrency.classify", "0", "bench.json: concurrency.classify must be from 1 to 32, not 0"),
            ("concurrency.thumbnail", "64", "bench.json: concurrency.thumbnail must be from 1 to 32, not 64"),
        ]
        for (path, json, expected) in cases {
            #expect(reason(setting: path, to: json) == expected, "\(path) = \(json)")
        }
        for stage in ["read", "decode", "orient", "classify", "thumbnail"] {
            #expect(reason(setting: "concurrency.\(stage)", to: "32") == nil, "\(stage) = 32")
        }
        #expect(try parse(setting: "concurrency.decode", to: "0").concurrency.decode == 0)
    }

    /// A width of 10^9 made 16383x16383 thumbnails at 2 GB of memory.
    @Test func thumbnailSizesRunFrom1To8192Pixels() throws {
        let cases: [(path: String, json: String, reason: String)] = [
            ("thumbnails.0.width", "1000000000", "bench.json: thumbnails[0].width must be from 1 to 8192 pixels, not 1000000000"),
            ("thumbnails.0.width", "0", "bench.json: thumbnails[0].width must be from 1 to 8192 pixels, not 0"),
            ("thumbnails.0.width", "-256", "bench.json: thumbnails[0].width must be from 1 to 8192 pixels, not -256"),
            ("thumbnails.1.height", "8193", "bench.json: thumbnails[1].height must be from 1 to 8192 pixels, not 8193"),
            ("thumbnails.1.maxLongEdge", "16383", "bench.json: thumbnails[1].maxLongEdge must be from 1 to 8192 pixels, not 16383"),
        ]
        for (path, json, expected) in cases {
            #expect(reason(setting: path, to: json) == expected, "\(path) = \(json)")
        }
        let largest = try parse(setting: "thumbnails.1", to: """
            {"name": "preview", "rule": "fit", "width": 8192, "height": 8192, "format": "jpeg", "quality": 85, "maxLongEdge": 8192}
            """)
        #expect(largest.thumbnails[1].width == 8192 && largest.thumbnails[1].maxLongEdge == 8192)
    }
}
