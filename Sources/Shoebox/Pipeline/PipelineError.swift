/// Why a pipeline could not be found or used.
public enum PipelineError: Error, CustomStringConvertible, Equatable {
    case notFound(name: String, searched: [String])
    case unreadable(file: String, reason: String)
    case invalid(file: String, reason: String)

    public var description: String {
        switch self {
        case let .notFound(name, searched):
            return "no pipeline named \"\(name)\" (looked in \(searched.joined(separator: ", ")))"
        case let .unreadable(file, reason): return "cannot read pipeline \(file): \(reason)"
        case let .invalid(file, reason): return "invalid pipeline \(file): \(reason)"
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "top level" : keys.joined(separator: ".")
        }
        switch error {
        case let .keyNotFound(key, context):
            let at = path(context)
            return "missing key \"\(key.stringValue)\"" + (at == "top level" ? "" : " in \(at)")
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        case let .dataCorrupted(context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}
