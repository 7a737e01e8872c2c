import ShoeboxModel

/// Why a pipeline could not be found or used.
public enum PipelineError: Error, CustomStringConvertible, Equatable {
    /// `available` are the names that can be given (every folder searched, first one wins).
    case notFound(name: String, available: [String], searched: [String])
    case unreadable(file: String, reason: String)
    case invalid(file: String, reason: String)

    public var description: String {
        switch self {
        case let .notFound(name, available, searched):
            guard !available.isEmpty else {
                return "no pipeline named \"\(name)\", and no pipelines at all in \(searched.joined(separator: ", ")) "
                    + "(set SHOEBOX_PIPELINES to their folder, or give a pipeline file)"
            }
            let guess = NearestName.suggestion(for: name, among: available).map { "did you mean \"\($0)\"? " } ?? ""
            return "no pipeline named \"\(name)\" (\(guess)the pipelines are: \(available.joined(separator: ", ")))"
        case let .unreadable(file, reason): return "cannot read pipeline \(file): \(reason)"
        case let .invalid(file, reason): return "invalid pipeline \(file): \(reason)"
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.reduce(into: "") { text, key in
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return path.isEmpty ? "top level" : path
        }
        switch error {
        case let .keyNotFound(key, context):
            let at = path(context)
            return "missing key \"\(key.stringValue)\"" + (at == "top level" ? "" : " in \(at)")
        case let .valueNotFound(_, context):
            return "\(path(context)) is required: it cannot be null"
        case let .typeMismatch(_, context):  // `PipelineKeys` names these first; a fallback
            return "wrong type at \(path(context)): \(context.debugDescription)"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}
