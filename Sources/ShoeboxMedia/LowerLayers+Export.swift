// The decoding libraries' Swift side reads into the model's values, over the parsers; a client
// of the media layer sees both as part of it.
@_exported import ShoeboxModel
@_exported import ShoeboxParsers
