import Foundation

/// The keys a pipeline file may use and what each value must be, checked before the file is
/// decoded: a misspelt key is an error, not a silent default, and a value of the wrong kind
/// is named with its key and shown (`limits.imageSeconds must be a whole number, not 0.5`).
enum PipelineKeys {
    static let schema: [String: PipelineValueKind] = [
        "name": .text,
        "description": .text,
        "aspectRule": .object(["panoramaAbove": .number, "panoramaWidthFactor": .number, "tallBelow": .number,
                               "tallWidthFactor": .number]),
        "thumbnails": .list(of: .object([
            "name": .text, "rule": .oneOf(ThumbnailSpec.Rule.allCases.map(\.rawValue)), "width": .wholeNumber,
            "height": .wholeNumber, "format": .oneOf(ThumbnailFormat.allCases.map(\.rawValue)), "quality": .wholeNumber,
            "maxLongEdge": .wholeNumber, "animated": .bool,
        ])),
        "limits": .object(["maxPixels": .wholeNumber, "maxFileBytes": .wholeNumber, "failOnTruncation": .bool,
                           "gifFramePixels": .wholeNumber, "imageSeconds": .wholeNumber, "videoSeconds": .wholeNumber,
                           "decodeMemoryBytes": .wholeNumber]),
        "concurrency": .object(["read": .wholeNumber, "decode": .wholeNumber, "orient": .wholeNumber,
                                "classify": .wholeNumber, "thumbnail": .wholeNumber]),
        "queueCapacity": .wholeNumber,
        "video": .object(["posterAt": .number, "posterFrame": .oneOf(PosterFrameChoice.allCases.map(\.rawValue))]),
        "livePhoto": .object(["maxVideoSeconds": .number, "maxCaptureGapSeconds": .number]),
        "mode": .oneOf(PipelineConfiguration.Mode.allCases.map(\.rawValue)),
    ]

    /// Throws `PipelineError.invalid` naming the first unknown key or value of the wrong kind,
    /// walking keys in sorted order.
    static func check(_ document: ParsedJSON, file: String) throws {
        try check(document, as: .object(schema), at: "", file: file)
    }

    private static func check(_ value: ParsedJSON, as kind: PipelineValueKind, at path: String, file: String) throws {
        guard kind.admits(value) else {
            let place = path.isEmpty ? "the file" : path
            throw PipelineError.invalid(file: file, reason: "\(place) must be \(kind.expectation)\(detail(value, kind)), not \(value.shown)")
        }
        switch (kind, value) {
        case let (.object(allowed), .object(members)):
            for key in members.keys.sorted() {
                let keyPath = path.isEmpty ? key : "\(path).\(key)"
                guard let memberKind = allowed[key] else {
                    throw PipelineError.invalid(file: file, reason:
                        "unknown key \"\(keyPath)\" (known: \(allowed.keys.sorted().joined(separator: ", ")))")
                }
                try check(members[key]!, as: memberKind, at: keyPath, file: file)
            }
        case let (.list(elementKind), .list(elements)):
            for (index, element) in elements.enumerated() {
                try check(element, as: elementKind, at: "\(path)[\(index)]", file: file)
            }
        default:
            break
        }
    }

    /// A whole number too large for 64 bits is whole: say what is wrong with it.
    private static func detail(_ value: ParsedJSON, _ kind: PipelineValueKind) -> String {
        guard case .wholeNumber = kind, case let .number(number) = value, number.rounded() == number else { return "" }
        return " up to \(Int64.max)"
    }
}
