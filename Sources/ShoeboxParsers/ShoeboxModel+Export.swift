// The parsers read into the model's values; a client of the parsers sees them as part of it.
@_exported import ShoeboxModel
