/// What `CoverRenderer` did for one album: the cover images it rendered, and those it kept.
public struct CoverOutcome: Equatable, Sendable {
    public var album: AlbumReference
    /// Names of the images rendered now (`cover-512`), because their source or spec changed.
    public var rendered: [String] = []
    /// Names of the images already up to date, or shared with another album's identical ones.
    public var unchanged: [String] = []

    public init(album: AlbumReference) {
        self.album = album
    }
}
