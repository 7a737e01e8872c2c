/// The bounds a fetch's `takenSince` and `takenUntil` put on the capture-date sort key
/// (`coalesce(taken_at, added_at)`: an asset without a capture date is judged by the date it
/// was added), as text every backend compares byte by byte: SQL only filters by them.
///
/// Dates are ISO 8601 prefixes (`2024-05-31`, `2024-05-31T10:00`), so a text comparison is a
/// time comparison, and "up to and including" a prefix is "before the prefix followed by `~`",
/// which sorts after every character an ISO 8601 time holds: `2024-05-31~` follows every time
/// of that day, `2024-05-31T10:00~` every second of that minute.
public struct CaptureDateBounds: Equatable, Sendable {
    /// The sort key is at or after this.
    public var lower: String?
    /// The sort key is before this.
    public var upperExclusive: String?

    public init(since: String?, until: String?) {
        lower = since
        upperExclusive = until.map { $0 + "~" }
    }

    public init(_ options: AssetFetchOptions) {
        self.init(since: options.takenSince, until: options.takenUntil)
    }

    /// Whether `key` (a capture time, or the date added) lies within the bounds, compared
    /// byte by byte as the backends compare text.
    public func contains(_ key: String) -> Bool {
        if let lower, key.utf8.lexicographicallyPrecedes(lower.utf8) { return false }
        if let upperExclusive, !key.utf8.lexicographicallyPrecedes(upperExclusive.utf8) { return false }
        return true
    }
}
