import Foundation

/// One capture time a file holds, and where: what `CaptureTimeChoice.best(of:)` chooses from.
public struct DateCandidate: Equatable, Sendable {
    public var source: TakenAtSource
    /// ISO 8601 as the file wrote it (see `PhotoMetadata.takenAt`); not yet checked against
    /// the calendar: the choice skips the impossible ones.
    public var value: String

    public init(_ source: TakenAtSource, _ value: String) {
        self.source = source
        self.value = value
    }

    /// A file's modification time, as the capture time of last resort gives it (UTC, whole seconds).
    public static func isoTime(nanoseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(nanoseconds / 1_000_000_000)).formatted(.iso8601)
    }
}
