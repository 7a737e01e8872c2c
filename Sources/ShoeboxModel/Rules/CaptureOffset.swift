import Foundation

/// The UTC offset of a capture time, so that photos taken across time zones sort and group by
/// the moment they were taken: a file's own offset (EXIF `OffsetTimeOriginal`, a video's UTC
/// time) always wins; a wall-clock time without one gets the offset of its position's time
/// zone on that date, by tzdata's rules (Foundation reads the system's zoneinfo).
public enum CaptureOffset {
    /// Where an offset came from.
    public enum Source: String, Sendable, Codable {
        /// Written in the file, with the capture time.
        case file
        /// The time zone of the place the position is in, on that date.
        case position
    }

    /// The offset, in seconds east of UTC, that `takenAt` carries itself; nil without one.
    public static func own(_ takenAt: String) -> Int? {
        CaptureTime.parse(takenAt)?.offset
    }

    /// The offset of `takenAt`'s wall-clock time in `zone` (an IANA name: `Europe/Lisbon`);
    /// nil when `takenAt` has its own offset or cannot be read, or the zone is unknown. A wall
    /// clock a change of offset skips or repeats gets the offset in force just before.
    public static func inZone(_ takenAt: String, zone: String) -> Int? {
        guard let parsed = CaptureTime.parse(takenAt), parsed.offset == nil, let timeZone = TimeZone(identifier: zone) else { return nil }
        let wallClock = parsed.wallClock
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wallClock - 86_400))
        let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wallClock - Double(before)))
        // The instant wallClock - offset must show wallClock; if neither reading does, the
        // wall clock fell in a gap: keep the offset in force before it.
        for offset in [guess, before] where timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wallClock - Double(offset))) == offset {
            return offset
        }
        return before
    }
}
