/// Why a file has no metadata to show, with its path.
public struct MetadataReadError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
