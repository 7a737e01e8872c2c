/// What a library said when it refused a file: which library, its own code when it has one
/// (LibRaw's error number, a SQLite result code, a PostgreSQL SQLSTATE, an `errno` name), and
/// its own message. Kept beside a failure's reason, so that a person reads the reason and a
/// script or a bug report gets the library's words unchanged.
public struct LibraryCause: Equatable, Sendable, CustomStringConvertible {
    /// The library's name as its makers write it: "libvips", "LibRaw", "FFmpeg", "libde265",
    /// "dav1d", "giflib", "SQLite", "PostgreSQL"; "system" for the operating system.
    public var library: String
    public var code: String?
    public var message: String

    public init(library: String, code: String? = nil, message: String) {
        self.library = library
        self.code = code
        self.message = message
    }

    /// The cause an error carries, when it is a library's.
    public init?(of error: any Error) {
        guard let cause = (error as? LibraryCausing)?.libraryCause else { return nil }
        self = cause
    }

    public var description: String { library + (code.map { " \($0)" } ?? "") + ": " + message }
}

/// An error that came from a library and can say which one, with its code and message.
public protocol LibraryCausing: Error {
    var libraryCause: LibraryCause? { get }
}
