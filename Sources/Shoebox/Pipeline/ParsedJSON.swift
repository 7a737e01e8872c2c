/// A JSON document as written, before it is decoded into a type.
///
/// `PipelineKeys` checks a pipeline file through it, so that an error names the key and
/// echoes the value: the JSON decoder reports a number that does not fit its type (`0.5` for
/// a whole number) as "not valid JSON" with no key at all.
indirect enum ParsedJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    /// A number that is a whole number and fits 64 bits (`2.0` included).
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case text(String)
    case list([ParsedJSON])
    case object([String: ParsedJSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .text(value)
        } else if let value = try? container.decode([ParsedJSON].self) {
            self = .list(value)
        } else {
            self = .object(try container.decode([String: ParsedJSON].self))
        }
    }

    /// The value as an error message shows it: a scalar as written in JSON (a string quoted,
    /// unescaped: the command line shows control characters), a list or object by its kind.
    var shown: String {
        switch self {
        case .null: return "null"
        case let .bool(value): return "\(value)"
        case let .integer(value): return "\(value)"
        case let .number(value): return "\(value)"
        case let .text(value): return "\"\(value)\""
        case .list: return "a list"
        case .object: return "an object"
        }
    }
}
