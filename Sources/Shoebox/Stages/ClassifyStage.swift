/// Decides what kind of asset a file is. Today every still image is a `photo` and every GIF a
/// `gif`; video and Live Photo pairing arrive here without touching the other stages.
public struct ClassifyStage: PipelineStage {
    public let name = "classify"

    public init() {}

    public static func kind(of format: MediaFormat) -> AssetKind {
        switch format {
        case .gif: return .gif
        case .mp4, .matroska, .avi: return .video
        default: return .photo
        }
    }

    public func process(_ input: OrientedImage) throws -> PipelineItem<OrientedImage> {
        var output = input
        output.draft.kind = Self.kind(of: input.draft.format)
        return .work(output)
    }
}
