/// The library behind each media failure, kept with a file's failure in the catalog.
extension MediaError: LibraryCausing {
    public var libraryCause: LibraryCause? {
        switch self {
        case let .vips(operation, message): return LibraryCause(library: "libvips", message: "\(operation): \(message)")
        case let .ffmpeg(operation, message): return LibraryCause(library: "FFmpeg", message: "\(operation): \(message)")
        case let .noDecoder(codec): return LibraryCause(library: "FFmpeg", message: "no decoder for \(codec)")
        case let .libraw(operation, code, message):
            return LibraryCause(library: "LibRaw", code: "\(code)", message: "\(operation): \(message)")
        case let .unreadable(_, reason): return LibraryCause(library: "system", message: reason)
        case let .libraryUnavailable(library, reason): return LibraryCause(library: "system", message: "\(library): \(reason)")
        }
    }
}
