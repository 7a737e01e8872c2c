/// One shown asset as moments read it: when (its capture time as written, the UTC offset it
/// has or got from its place, and the instant the two make), where, what, and the moment it
/// is kept in.
public struct MomentCandidate: Equatable, Sendable {
    public var id: Int64
    public var kind: AssetKind
    /// The capture time as written (`sort_taken`: the date added when there is none).
    public var takenAt: String
    /// Seconds east of UTC (`AssetRecord.takenOffset`), nil when unknown.
    public var offset: Int?
    public var location: GPSLocation?
    public var place: Place?
    /// Seconds since 1970 UTC: the wall clock less its offset (`instant(takenAt:offset:)`);
    /// nil for a time that does not parse, which no moment holds.
    public var instant: Double?
    /// The moment the catalog keeps it in; nil when it has none yet.
    public var moment: Int64?

    /// A candidate whose instant is worked out from `takenAt` and `offset`.
    public init(id: Int64, kind: AssetKind, takenAt: String, offset: Int?, location: GPSLocation?, place: Place?,
                moment: Int64? = nil) {
        self.init(id: id, kind: kind, takenAt: takenAt, offset: offset, location: location, place: place,
                  instant: Self.instant(takenAt: takenAt, offset: offset), moment: moment)
    }

    /// A candidate whose instant was worked out before (the catalog keeps it).
    public init(id: Int64, kind: AssetKind, takenAt: String, offset: Int?, location: GPSLocation?, place: Place?,
                instant: Double?, moment: Int64?) {
        (self.id, self.kind, self.takenAt, self.offset, self.location, self.place) = (id, kind, takenAt, offset, location, place)
        (self.instant, self.moment) = (instant, moment)
    }

    /// The wall clock less its offset: its own, else `offset`; a time of unknown offset is
    /// taken as UTC (a trip's photos of one camera share the error, so their order holds).
    public static func instant(takenAt: String, offset: Int?) -> Double? {
        guard let parsed = CaptureTime.parse(takenAt) ?? CaptureTime.parse(takenAt + "T00:00:00") else { return nil }
        return parsed.wallClock - Double(parsed.offset ?? offset ?? 0)
    }
}
