/// Which frame of a burst is shown (PhotoKit's `representsBurst`): the person's pick
/// (`shoebox burst pick`), else the one the camera marked as its cover, else the first taken
/// (then the first by path). Fetches, albums and moments show only it; the others are hidden
/// (`HiddenRule`) unless a fetch asks for burst members.
public enum BurstRepresentative {
    /// One frame, as the choice reads it.
    public struct Frame: Equatable, Sendable {
        public var id: Int64
        public var isPick: Bool
        public var isCover: Bool
        /// The capture time (else the date added) as the catalog sorts it.
        public var sortTaken: String
        public var path: String

        public init(id: Int64, isPick: Bool, isCover: Bool, sortTaken: String, path: String) {
            (self.id, self.isPick, self.isCover, self.sortTaken, self.path) = (id, isPick, isCover, sortTaken, path)
        }
    }

    /// The representative among `frames` (the burst's shown-if-alone frames), or nil for none.
    public static func choose(_ frames: [Frame]) -> Int64? {
        let first = { (a: Frame, b: Frame) in (a.sortTaken, a.path) < (b.sortTaken, b.path) }
        return (frames.filter(\.isPick).min(by: first) ?? frames.filter(\.isCover).min(by: first) ?? frames.min(by: first))?.id
    }
}
