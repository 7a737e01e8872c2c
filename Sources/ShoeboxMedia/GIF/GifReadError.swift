/// Why a GIF could not be read, or was refused.
public enum GifReadError: Error, Equatable, CustomStringConvertible {
    case damaged(String)
    /// More frame pixels (frames x screen size) than the budget allows: reading stopped there.
    case overBudget(frames: Int, screen: PixelSize, budget: Int)

    public var description: String {
        switch self {
        case let .damaged(reason): return reason
        case let .overBudget(frames, screen, budget):
            let counted = frames == 1 ? "one frame of \(screen) is" : "\(frames) frames of \(screen) (the walk stopped there) are"
            return "\(counted) over the pipeline's budget of \(budget) frame pixels (limits.gifFramePixels)"
        }
    }
}
