/// Everything a command may ask of a catalog, whichever backend holds it: what
/// `CatalogFactory` opens and what commands, the profiler and the library's tools hold.
/// Each part states its own promises; every backend keeps all of them (the contract tests,
/// `CatalogContract`, check them).
public typealias Catalog = CatalogStore & AlbumStore & AssetFetching & ResourceReading & DuplicateFinding & PlaceStore & MomentStore
