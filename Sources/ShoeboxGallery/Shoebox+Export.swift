// The pages are made from what the library and the catalog hold; a client of the pages sees
// those as part of them.
@_exported import Shoebox
