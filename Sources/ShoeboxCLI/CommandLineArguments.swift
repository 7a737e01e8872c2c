import Foundation
import Shoebox

/// A small argument scanner: `--flag`, `--option VALUE`, `--option=VALUE`, positionals.
///
/// Anything not declared is a usage error, reported with the command's usage line. After
/// `--` every argument is a positional, even one that starts with `-`. An empty option value
/// or positional is a usage error too, for every command: `--library ''` is never "the
/// default", nor `ingest ''` "the current folder".
struct CommandLineArguments {
    private(set) var positionals: [String] = []
    /// The positionals as file paths: their bytes as given, as `PathText` (Swift's own
    /// `CommandLine.arguments` replaces bytes that are not UTF-8, which names another file).
    private(set) var positionalPaths: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// `arguments` are the last ones of this process's command line (as `main` passes them),
    /// whose bytes the paths are taken from; other arguments (tests) are taken as they are.
    init(_ arguments: [String], options: Set<String>, flags allowedFlags: Set<String>) throws {
        let raw = Self.rawTail(count: arguments.count, matching: arguments)
        var remaining = arguments.indices[...]
        func positional(_ index: Int) throws {
            if arguments[index].isEmpty { throw UsageError("argument \(index + 1) is empty: an empty PATH, title or ID names nothing") }
            positionals.append(arguments[index])
            positionalPaths.append(raw.map { PathText.encode($0[index]) } ?? PathText.encode(Array(arguments[index].utf8)))
        }
        while let index = remaining.popFirst() {
            let argument = arguments[index]
            if argument == "--" {
                try remaining.forEach(positional)
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                try positional(index)
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
                guard let value = inlineValue ?? remaining.popFirst().map({ arguments[$0] }) else {
                    throw UsageError("\(name) needs a value")
                }
                if value.isEmpty { throw UsageError("\(name) needs a value, not an empty one") }
                values[name, default: []].append(value)
            } else {
                throw UsageError("unknown option \(argument) (to pass an argument that starts with -, put -- before it)")
            }
        }
    }

    /// The bytes of the last `count` arguments of this process, if they are `arguments`.
    private static func rawTail(count: Int, matching arguments: [String]) -> [[UInt8]]? {
        let total = Int(CommandLine.argc)
        guard count <= total - 1 else { return nil }
        let raw = ((total - count)..<total).map { index -> [UInt8] in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
        let same = zip(raw, arguments).allSatisfy { String(decoding: $0, as: UTF8.self) == $1 }
        return same ? raw : nil
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option]?.last }
    func allValues(_ option: String) -> [String] { values[option] ?? [] }

    /// The option's whole number, if given; `why` says what `maximum` is, in its error.
    func integer(_ option: String, atLeast minimum: Int, atMost maximum: (value: Int, why: String)? = nil) throws -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw UsageError("\(option) takes a whole number of at least \(minimum), not \"\(text)\"")
        }
        if let maximum, number > maximum.value {
            throw UsageError("\(option) takes at most \(maximum.value) (\(maximum.why)), not \"\(text)\"")
        }
        return number
    }

    /// `--jobs`: decode workers, 0 for one per core, within `WorkerLimit`.
    func jobs() throws -> Int? {
        try integer("--jobs", atLeast: 0, atMost: (WorkerLimit.maximum, "the most workers a stage may run"))
    }
}

/// A mistake in how the command was called: exit status 64.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
