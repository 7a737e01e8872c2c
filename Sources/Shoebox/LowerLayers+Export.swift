// The values and pure rules, the parsers, the media layer and the catalog are their own
// targets (the compiler keeps each free of what sits above it); a client of `Shoebox` sees
// them as part of it.
@_exported import ShoeboxModel
@_exported import ShoeboxParsers
@_exported import ShoeboxMedia
@_exported import ShoeboxCatalog
