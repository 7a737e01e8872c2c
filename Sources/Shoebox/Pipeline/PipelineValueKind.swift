/// What the value of one pipeline key must be, as `PipelineKeys` checks it before decoding.
indirect enum PipelineValueKind: Sendable {
    /// A JSON number with no fraction that fits 64 bits.
    case wholeNumber
    case number
    case bool
    case text
    /// One of these strings.
    case oneOf([String])
    /// An object with exactly these keys allowed (each optional here; the decoder names a
    /// missing one).
    case object([String: PipelineValueKind])
    case list(of: PipelineValueKind)

    /// How an error message says what the value must be.
    var expectation: String {
        switch self {
        case .wholeNumber: return "a whole number"
        case .number: return "a number"
        case .bool: return "true or false"
        case .text: return "a string"
        case let .oneOf(choices): return "one of \(choices.joined(separator: ", "))"
        case .object: return "an object"
        case .list: return "a list"
        }
    }

    /// Whether `value` is of this kind, its members aside. `null` always is: an optional key
    /// given as null is absent, and the decoder names a required one.
    func admits(_ value: ParsedJSON) -> Bool {
        switch (self, value) {
        case (_, .null), (.wholeNumber, .integer), (.number, .integer), (.number, .number), (.bool, .bool),
             (.text, .text), (.object, .object), (.list, .list):
            return true
        case let (.oneOf(choices), .text(text)):
            return choices.contains(text)
        default:
            return false
        }
    }
}
