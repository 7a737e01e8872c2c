import Foundation

/// Everything a pipeline file decides: the thumbnails, the aspect rule, the limits and the
/// per-stage concurrency. Every key is documented in `pipelines/README.md`.
public struct PipelineConfiguration: Codable, Equatable, Sendable {
    public var name: String
    public var description: String?
    public var aspectRule: AspectRule
    public var thumbnails: [ThumbnailSpec]
    public var limits: Limits
    public var concurrency: Concurrency
    /// How many items may wait between two stages; a full queue blocks its producer.
    public var queueCapacity: Int
    /// Optional: where a video's poster frame is taken (default `VideoSettings.standard`).
    public var video: VideoSettings?
    /// Optional: when a still and a video make one Live Photo (default `LivePhotoRules.standard`).
    public var livePhoto: LivePhotoRules?

    public var videoSettings: VideoSettings { video ?? .standard }
    public var livePhotoRules: LivePhotoRules { livePhoto ?? .standard }
    /// Optional: what a run makes (default `ingest`); `decode-only` is for `shoebox profile`.
    public var mode: Mode?

    public var isDecodeOnly: Bool { mode == .decodeOnly }

    /// What a run of the pipeline makes.
    public enum Mode: String, Codable, CaseIterable, Sendable {
        /// Thumbnails and catalog rows.
        case ingest
        /// Reads and decodes every file as an ingest does (shrinking on load for `thumbnails`),
        /// then stops: no thumbnail is made and nothing is written, to the catalog or anywhere.
        case decodeOnly = "decode-only"
    }

    public struct Limits: Codable, Equatable, Sendable {
        /// Images whose header claims more pixels than this are refused before decoding.
        public var maxPixels: Int
        /// Files larger than this are refused before reading.
        public var maxFileBytes: Int64
        /// Whether a truncated file fails (true) or is thumbnailed with its missing part grey.
        public var failOnTruncation: Bool
        /// Optional: a GIF whose frames x screen pixels exceed this is refused (`tooLarge`)
        /// while its structure is read, before any frame is decoded. Default 1,000,000,000.
        public var gifFramePixels: Int?

        public var maxGifFramePixels: Int { gifFramePixels ?? 1_000_000_000 }
        /// Optional: seconds one image may take to decode and thumbnail (default 20), and one
        /// video (default 120). Past it the process stops, the file is recorded `timeout`, and
        /// the next run goes on without it.
        public var imageSeconds: Int?
        public var videoSeconds: Int?

        public var imageBudget: Int { imageSeconds ?? 20 }
        public var videoBudget: Int { videoSeconds ?? 120 }
        /// Optional: the memory one decode may hold at once, estimated for every still decoder
        /// from the file's header (`DecodeMemory`: a whole picture, a strip, a tile, the shrink's
        /// sums...) plus the file's bytes; a file that needs more is refused (`tooLarge`) before
        /// decoding, and the decode workers together stay within it (`DecodeMemoryGate`).
        /// Default 188,743,680 (180 MiB): a 20 MP 10-bit AVIF (164 MB) fits, the hostile corpus's
        /// 8000x8000 interlaced PNG (192 MB) does not (docs/RELIABILITY.md).
        public var decodeMemoryBytes: Int64?

        public var maxDecodeMemoryBytes: Int64 { decodeMemoryBytes ?? Self.defaultDecodeMemoryBytes }
        /// Also what `shoebox metadata`, which has no pipeline, lets a file's header hold.
        public static let defaultDecodeMemoryBytes: Int64 = 188_743_680
    }

    /// Workers per stage; 0 for `decode` means one per core.
    public struct Concurrency: Codable, Equatable, Sendable {
        public var read: Int
        public var decode: Int
        public var orient: Int
        public var classify: Int
        public var thumbnail: Int
    }

    /// Reads and checks a pipeline file.
    public static func load(from url: URL) throws -> PipelineConfiguration {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PipelineError.unreadable(file: url.path, reason: error.localizedDescription)
        }
        return try parse(data, file: url.path)
    }

    /// Parses pipeline JSON; `file` names the source in error messages. Each step names the
    /// key at fault: first every key and the kind of its value (`PipelineKeys`), then the
    /// required keys (the decoder), then the ranges (`validate`).
    public static func parse(_ data: Data, file: String) throws -> PipelineConfiguration {
        let configuration: PipelineConfiguration
        do {
            try PipelineKeys.check(JSONDecoder().decode(ParsedJSON.self, from: data), file: file)
            configuration = try JSONDecoder().decode(PipelineConfiguration.self, from: data)
        } catch let error as DecodingError {
            throw PipelineError.invalid(file: file, reason: PipelineError.describe(error))
        }
        try configuration.validate(file: file)
        return configuration
    }

    /// Rejects values that would make the pipeline misbehave rather than fail loudly later,
    /// each naming its key and the value it holds, as the kind check does.
    func validate(file: String) throws {
        func check(_ holds: Bool, _ key: String, _ rule: String, _ value: some CustomStringConvertible) throws {
            if !holds { throw PipelineError.invalid(file: file, reason: "\(key) \(rule), not \(value)") }
        }
        try validateThumbnails(file: file)
        try check(aspectRule.tallBelow > 0, "aspectRule.tallBelow", "must be positive", aspectRule.tallBelow)
        try check(aspectRule.panoramaAbove > aspectRule.tallBelow, "aspectRule.panoramaAbove",
                  "must be above aspectRule.tallBelow (\(aspectRule.tallBelow))", aspectRule.panoramaAbove)
        try check(aspectRule.panoramaWidthFactor > 0, "aspectRule.panoramaWidthFactor", "must be positive", aspectRule.panoramaWidthFactor)
        try check(aspectRule.tallWidthFactor > 0, "aspectRule.tallWidthFactor", "must be positive", aspectRule.tallWidthFactor)
        try check(limits.maxPixels > 0, "limits.maxPixels", "must be positive", limits.maxPixels)
        try check(limits.maxFileBytes > 0, "limits.maxFileBytes", "must be positive", limits.maxFileBytes)
        try check(queueCapacity > 0, "queueCapacity", "must be positive", queueCapacity)
        try check(limits.maxGifFramePixels > 0, "limits.gifFramePixels", "must be positive", limits.maxGifFramePixels)
        try check(limits.imageBudget > 0, "limits.imageSeconds", "must be positive", limits.imageBudget)
        try check(limits.videoBudget > 0, "limits.videoSeconds", "must be positive", limits.videoBudget)
        try check(limits.maxDecodeMemoryBytes > 0, "limits.decodeMemoryBytes", "must be positive", limits.maxDecodeMemoryBytes)
        try check((0...1).contains(videoSettings.posterAt), "video.posterAt", "must be a fraction from 0 to 1", videoSettings.posterAt)
        try check(livePhotoRules.maxVideoSeconds > 0, "livePhoto.maxVideoSeconds", "must be positive", livePhotoRules.maxVideoSeconds)
        try check(livePhotoRules.maxCaptureGapSeconds >= 0, "livePhoto.maxCaptureGapSeconds", "must not be negative",
                  livePhotoRules.maxCaptureGapSeconds)
        let workers = [("read", concurrency.read), ("decode", concurrency.decode), ("orient", concurrency.orient),
                       ("classify", concurrency.classify), ("thumbnail", concurrency.thumbnail)]
        for (stage, count) in workers {  // one bound for every stage, `--jobs` included
            try Self.check(count, in: (stage == "decode" ? 0 : 1)...WorkerLimit.maximum, key: "concurrency.\(stage)",
                           note: stage == "decode" ? " (0 = one per core)" : "", file: file)
        }
    }

    private func validateThumbnails(file: String) throws {
        func check(_ condition: Bool, _ reason: String) throws {
            if !condition { throw PipelineError.invalid(file: file, reason: reason) }
        }
        try check(!thumbnails.isEmpty, "\"thumbnails\" must list at least one spec")
        var names = Set<String>()
        for (index, spec) in thumbnails.enumerated() {
            try check(!spec.name.isEmpty && spec.name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" },
                      "thumbnails[\(index)].name may hold only letters, digits, - and _, not \"\(spec.name)\"")
            try check(names.insert(spec.name).inserted, "thumbnails[\(index)].name must differ from every other, not \"\(spec.name)\"")
            for (key, size) in [("width", spec.width), ("height", spec.height), ("maxLongEdge", spec.maxLongEdge)] {
                if let size {
                    try Self.check(size, in: ThumbnailSpec.sizes, key: "thumbnails[\(index)].\(key)", note: " pixels", file: file)
                }
            }
            try check(spec.rule != .fit || spec.height != nil, "thumbnail \"\(spec.name)\": rule \"fit\" needs a height")
            try Self.check(spec.quality, in: 1...100, key: "thumbnails[\(index)].quality", note: "", file: file)
            try check(spec.animated != true || spec.format == .webp, "thumbnail \"\(spec.name)\": animated thumbnails are WebP")
        }
    }

    /// Refuses a whole number out of its documented range, naming the key and the value.
    private static func check(_ value: Int, in range: ClosedRange<Int>, key: String, note: String, file: String) throws {
        guard !range.contains(value) else { return }
        throw PipelineError.invalid(file: file, reason:
            "\(key) must be from \(range.lowerBound) to \(range.upperBound)\(note), not \(value)")
    }
}
