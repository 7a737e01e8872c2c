import Foundation

/// The options a command's help lists (the `-x` and `--name` words that start an OPTIONS
/// line), in order: what the man page and shell completions offer, read from the help text
/// itself so that they cannot drift from it.
enum CommandOptions {
    static func listed(in help: String) -> [String] {
        var options: [String] = []
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OPTIONS:") { inOptions = true; continue }
            if !line.hasPrefix(" ") && !line.isEmpty { inOptions = false }
            let indent = line.prefix { $0 == " " }.count
            guard inOptions, (1...12).contains(indent), line.dropFirst(indent).hasPrefix("-") else { continue }
            for word in line.split(separator: " ") {
                guard word.hasPrefix("-") else { break }
                let option = String(word.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
                if !options.contains(option) { options.append(option) }
            }
        }
        return options
    }
}
