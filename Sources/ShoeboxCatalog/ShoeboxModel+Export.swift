// The catalog stores the model's values; a client of the catalog sees them as part of it.
@_exported import ShoeboxModel
