/// libvips's header is the reference every `StillHeader` gives the same as.
extension VipsImage: StillHeader {}
