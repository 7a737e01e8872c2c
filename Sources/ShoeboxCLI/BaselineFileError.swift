import Foundation
import Shoebox

/// Why `profile --baseline FILE` cannot use FILE: found before the run.
enum BaselineFileError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// The file is not a report `shoebox profile --json` wrote.
    case notAProfile(path: String, reason: String)

    var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read the baseline \(path): \(reason)"
        case let .notAProfile(path, reason):
            return "the baseline \(path) is not a report of shoebox profile --json (\(reason))"
        }
    }

    /// What a decoder found wrong, in a few words.
    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(key, _): return "no \"\(key.stringValue)\""
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not JSON of the kind" : "\"\(path)\" is not what it should be"
        @unknown default: return "not JSON of the kind"
        }
    }

    /// The saved report in `path`.
    static func report(at path: String) throws -> ProfileReport {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        do { return try JSONDecoder().decode(ProfileReport.self, from: data) } catch let error as DecodingError {
            throw notAProfile(path: path, reason: Self.reason(error))
        }
    }
}
