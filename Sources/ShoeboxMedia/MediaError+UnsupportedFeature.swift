extension MediaError {
    /// What the C libraries say when a file is valid but uses a feature this build of them
    /// cannot decode, in their own words (libvips passes them on in its error buffer).
    static let unsupportedFeatureMessages = [
        "Unsupported JPEG process",            // libjpeg: lossless (SOF3), hierarchical JPEG
        "Unsupported JPEG data precision",     // libjpeg: a 12- or 16-bit JPEG in an 8-bit build
        "omitted at compile time",             // libjpeg: a feature left out of this build
        "Unsupported feature",                 // libheif: error code 4 (a codec or item kind it lacks)
        "Unsupported file-type",               // libheif: error code 3
        "compression support is not configured", "decoding is not implemented",   // libtiff
        "subsampled images not supported", "tiled separate planes not supported",  // libvips's TIFF reader
        "bits per sample palette image not supported", "unsupported tiff image type",
        "VP8_STATUS_UNSUPPORTED_FEATURE",      // libwebp
    ]

    /// Whether the library failed because the file uses a feature it lacks, not because the
    /// bytes are broken: such a file is `unsupported`, never `damaged`.
    /// FFmpeg has no decoder for the file's codec, or FFmpeg itself cannot be loaded on this
    /// machine: the file is valid, and `unsupported` (retried by `--retry-failed` once the
    /// library is installed), never `damaged`.
    public var isMissingDecoder: Bool {
        switch self {
        case .noDecoder, .libraryUnavailable: return true
        default: return false
        }
    }

    public var isUnsupportedFeature: Bool {
        guard case let .vips(_, message) = self else { return false }
        return Self.unsupportedFeatureMessages.contains { message.contains($0) }
    }
}
