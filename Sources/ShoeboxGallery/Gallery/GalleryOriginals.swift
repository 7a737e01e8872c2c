/// Whether a gallery holds the originals (`gallery --originals`), which its photo view then
/// opens: not at all (the default: a gallery to publish holds what it shows, nothing more),
/// copied, or hard linked to the files themselves (no space taken; the same file system only,
/// else copied). Animations that play are held whatever this says: they are what is shown.
public enum GalleryOriginals: String, CaseIterable, Sendable {
    case none, copy, link
}
