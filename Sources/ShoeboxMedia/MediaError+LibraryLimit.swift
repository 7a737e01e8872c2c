extension MediaError {
    /// What the C libraries say when a file is over a limit of their own (libheif's maximum
    /// image size, its memory block limit), in their own words (passed on by libvips).
    static let libraryLimitMessages = [
        "Security limit exceeded",      // libheif: suberror 1000 (image size, item count, memory block)
        "Memory allocation error",      // libheif: error code 6, what its limits and failed allocations say
    ]

    /// Whether the library refused the file for its size: such a file is `tooLarge`, as over
    /// Shoebox's own limits, never `damaged`.
    public var isOverALibraryLimit: Bool {
        guard case let .vips(_, message) = self else { return false }
        return Self.libraryLimitMessages.contains { message.contains($0) }
    }
}
