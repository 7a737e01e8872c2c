import Foundation

/// The passwords a catalog location carries, in every form libpq accepts, so that no message
/// Shoebox prints shows one: a URI's `user:PASSWORD@`, its `?password=` parameter, and a
/// `key=value` string's `password=` (quoted or not), each as written and percent-decoded.
/// libpq's own messages quote the text they could not parse (`in URI: "postgresql://u:SECRET@[::1/db"`,
/// `invalid percent-encoded token: "SECRET%zz"`), so they are masked too, not only Shoebox's.
public struct ConnectionSecrets {
    /// What is masked, longest first (a secret that contains another is masked whole).
    public let secrets: [String]

    public init(_ location: String) {
        var found = Self.uriPasswords(location) + Self.keywordPasswords(location)
        found += found.compactMap { $0.removingPercentEncoding }
        secrets = Array(Set(found.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced by `***`.
    public func masking(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    /// The password of a URI's user information (`scheme://user:PASSWORD@host`) and of each
    /// `password=` query parameter.
    private static func uriPasswords(_ text: String) -> [String] {
        guard let start = text.range(of: "://")?.upperBound else { return [] }
        var found: [String] = []
        let authorityEnd = text[start...].firstIndex { "/?".contains($0) } ?? text.endIndex
        if let at = text[start..<authorityEnd].lastIndex(of: "@"),
           let colon = text[start..<at].firstIndex(of: ":") {
            found.append(String(text[text.index(after: colon)..<at]))
        }
        if let query = text.firstIndex(of: "?") {
            for parameter in text[text.index(after: query)...].split(separator: "&") {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if pair.count == 2, pair[0].removingPercentEncoding == "password" { found.append(String(pair[1])) }
            }
        }
        return found
    }

    /// The value of each `password=` keyword of a `key=value` string: up to the next space, or
    /// between single quotes (with `\'` and `\\` inside), as libpq reads it.
    private static func keywordPasswords(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let key = rest.range(of: "password") {
            var index = key.upperBound
            while index < rest.endIndex, rest[index] == " " { index = rest.index(after: index) }
            guard index < rest.endIndex, rest[index] == "=" else { rest = rest[key.upperBound...]; continue }
            index = rest.index(after: index)
            while index < rest.endIndex, rest[index] == " " { index = rest.index(after: index) }
            var value = ""
            if index < rest.endIndex, rest[index] == "'" {
                index = rest.index(after: index)
                while index < rest.endIndex, rest[index] != "'" {
                    if rest[index] == "\\", rest.index(after: index) < rest.endIndex { index = rest.index(after: index) }
                    value.append(rest[index])
                    index = rest.index(after: index)
                }
            } else {
                while index < rest.endIndex, rest[index] != " ", rest[index] != "&" {
                    value.append(rest[index])
                    index = rest.index(after: index)
                }
            }
            found.append(value)
            rest = rest[index...]
        }
        return found
    }
}
