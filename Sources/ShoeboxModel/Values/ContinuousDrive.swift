/// A photo its camera took in continuous drive (a burst of frames for one press of the
/// shutter), as its maker note says (`DriveModeMakerNote`). Cameras write no identifier
/// that ties the frames of one press together, so the catalog cuts a camera's continuous
/// frames in one folder into bursts by their capture times (`ContinuousDriveRuns`).
public struct ContinuousDrive: Equatable, Sendable {
    /// The frame's number in its sequence, where the camera counts them (Olympus, Sony):
    /// a number that does not grow starts a new burst.
    public var shot: Int?

    public init(shot: Int? = nil) {
        self.shot = shot
    }
}
