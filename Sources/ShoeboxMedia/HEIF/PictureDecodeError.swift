/// Why a HEIF item's coded picture (HEVC or AV1: `codec`) was not decoded: a feature the
/// decoder lacks, data our own checks found broken, or a refusal by the decoding library
/// (libde265, dav1d, FFmpeg) with its code, kept as the failure's cause.
enum PictureDecodeError: LibraryCausing, CustomStringConvertible {
    case unsupported(codec: String, String)
    case damaged(codec: String, String)
    case refused(codec: String, LibraryCause)

    var description: String {
        switch self {
        case let .unsupported(codec, reason): return "unsupported \(codec) image: \(reason)"
        case let .damaged(codec, reason): return "damaged \(codec) data: \(reason)"
        case let .refused(codec, cause): return "damaged \(codec) data: \(cause.message)"
        }
    }

    var libraryCause: LibraryCause? {
        if case let .refused(_, cause) = self { return cause }
        return nil
    }
}
