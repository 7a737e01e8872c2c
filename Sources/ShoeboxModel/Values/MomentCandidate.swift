/// One shown asset as moments read it: when (its capture time as written, and the UTC offset
/// it has or got from its place), where, and what.
public struct MomentCandidate: Equatable, Sendable {
    public var id: Int64
    public var kind: AssetKind
    /// The capture time as written (`sort_taken`: the date added when there is none).
    public var takenAt: String
    /// Seconds east of UTC (`AssetRecord.takenOffset`), nil when unknown.
    public var offset: Int?
    public var location: GPSLocation?
    public var place: Place?

    public init(id: Int64, kind: AssetKind, takenAt: String, offset: Int?, location: GPSLocation?, place: Place?) {
        (self.id, self.kind, self.takenAt, self.offset, self.location, self.place) = (id, kind, takenAt, offset, location, place)
    }

    /// Seconds since 1970 UTC: the wall clock less its offset; a time of unknown offset is
    /// taken as UTC (a trip's photos of one camera share the error, so their order holds).
    public var instant: Double? {
        guard let parsed = CaptureTime.parse(takenAt) ?? CaptureTime.parse(takenAt + "T00:00:00") else { return nil }
        return parsed.wallClock - Double(parsed.offset ?? offset ?? 0)
    }
}
