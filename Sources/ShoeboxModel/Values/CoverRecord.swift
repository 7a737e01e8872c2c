/// One pre-rendered cover image of an album, as the catalog records it: the same facts as a
/// thumbnail's. `name` is `cover-512` (a square crop of the cover asset) or `mosaic-512` (its
/// first four assets), `recipe` is `CoverSpec.recipeHash`, and the path is
/// `covers/ab/<source key>-<recipe>.jpg`, relative to the library folder.
public typealias CoverRecord = ThumbnailRecord
