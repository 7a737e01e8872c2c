/// A line of a profile process's record stream that does not parse.
public enum ProfileRecordError: Error, Equatable, CustomStringConvertible {
    case malformed(String)

    public var description: String {
        switch self {
        case let .malformed(line): return "a profile process wrote a record that does not parse: \"\(line)\""
        }
    }
}
