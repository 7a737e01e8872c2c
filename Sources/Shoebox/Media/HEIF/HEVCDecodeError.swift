/// Why an HEVC picture (a HEIF item) was not decoded: a feature the decoder lacks, data our
/// checks found broken, or a refusal by the decoding library (libde265, FFmpeg) with its code.
enum HEVCDecodeError: LibraryCausing, CustomStringConvertible {
    case unsupported(String)
    case damaged(String)
    /// The decoding library refused the data: its code and its own message.
    case refused(LibraryCause)

    var description: String {
        switch self {
        case let .unsupported(reason): return "unsupported HEVC image: \(reason)"
        case let .damaged(reason): return "damaged HEVC data: \(reason)"
        case let .refused(cause): return "damaged HEVC data: \(cause.message)"
        }
    }

    var libraryCause: LibraryCause? {
        if case let .refused(cause) = self { return cause }
        return nil
    }
}
