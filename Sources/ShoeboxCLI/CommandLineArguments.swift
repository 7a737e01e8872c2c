/// A small argument scanner: `--flag`, `--option VALUE`, `--option=VALUE`, positionals.
///
/// Anything not declared is a usage error, reported with the command's usage line.
struct CommandLineArguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String], options: Set<String>, flags allowedFlags: Set<String>) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if allowedFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if options.contains(name) {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError("\(name) needs a value")
                }
                values[name, default: []].append(value)
            } else {
                throw UsageError("unknown option \(argument)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option]?.last }
    func allValues(_ option: String) -> [String] { values[option] ?? [] }

    func integer(_ option: String, atLeast minimum: Int) throws -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw UsageError("\(option) takes a whole number of at least \(minimum), not \"\(text)\"")
        }
        return number
    }
}

/// A mistake in how the command was called: exit status 64.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
