/// Why an AV1 picture (an AVIF item) was not decoded: a feature the decoder lacks, data our
/// checks found broken, or a refusal by dav1d with its code.
enum AV1DecodeError: LibraryCausing, CustomStringConvertible {
    case unsupported(String)
    case damaged(String)
    /// The decoding library refused the data: its code and its own message.
    case refused(LibraryCause)

    var description: String {
        switch self {
        case let .unsupported(reason): return "unsupported AV1 image: \(reason)"
        case let .damaged(reason): return "damaged AV1 data: \(reason)"
        case let .refused(cause): return "damaged AV1 data: \(cause.message)"
        }
    }

    var libraryCause: LibraryCause? {
        if case let .refused(cause) = self { return cause }
        return nil
    }
}
