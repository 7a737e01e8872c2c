import Foundation

/// The keys a pipeline file may use, so that a misspelt key is an error, not a silent default.
enum PipelineKeys {
    private static let topLevel: Set<String> = ["name", "description", "aspectRule", "thumbnails", "limits",
                                                "concurrency", "queueCapacity", "video", "livePhoto", "mode"]
    private static let nested: [String: Set<String>] = [
        "aspectRule": ["panoramaAbove", "panoramaWidthFactor", "tallBelow", "tallWidthFactor"],
        "thumbnails": ["name", "rule", "width", "height", "format", "quality", "maxLongEdge", "animated"],
        "limits": ["maxPixels", "maxFileBytes", "failOnTruncation", "gifFramePixels", "imageSeconds", "videoSeconds",
                   "decodeMemoryBytes"],
        "video": ["posterAt"],
        "livePhoto": ["maxVideoSeconds", "maxCaptureGapSeconds"],
        "concurrency": ["read", "decode", "orient", "classify", "thumbnail"],
    ]

    /// Throws `PipelineError.invalid` naming the first unknown key, if any.
    static func check(_ data: Data, file: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        try reject(object.keys, allowed: topLevel, at: "", file: file)
        for (key, allowed) in nested {
            if let child = object[key] as? [String: Any] {
                try reject(child.keys, allowed: allowed, at: key + ".", file: file)
            } else if let children = object[key] as? [[String: Any]] {
                for (index, child) in children.enumerated() {
                    try reject(child.keys, allowed: allowed, at: "\(key)[\(index)].", file: file)
                }
            }
        }
    }

    private static func reject(_ keys: Dictionary<String, Any>.Keys, allowed: Set<String>, at prefix: String,
                               file: String) throws {
        if let unknown = keys.sorted().first(where: { !allowed.contains($0) }) {
            throw PipelineError.invalid(file: file, reason: "unknown key \"\(prefix)\(unknown)\" (known: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}
