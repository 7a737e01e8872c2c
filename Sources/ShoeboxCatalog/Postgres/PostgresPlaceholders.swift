/// The catalog core's placeholders (`CatalogSQL`: `?` in order, or `?1`, `?2`...) as
/// PostgreSQL numbers them (`$1`, `$2`...). Text inside quotes (`'...'`, `"..."`) is left as it is.
enum PostgresPlaceholders {
    /// `sql` with each `?` numbered in order and each `?N` made `$N`.
    static func numbered(_ sql: String) -> String {
        var result = "", count = 0
        var quote: Character?
        var index = sql.startIndex
        while index < sql.endIndex {
            let character = sql[index]
            index = sql.index(after: index)
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                let digits = sql[index...].prefix(while: \.isASCIIDigit)
                if digits.isEmpty { count += 1 }
                result += "$" + (digits.isEmpty ? String(count) : String(digits))
                index = digits.endIndex
            } else {
                result.append(character)
            }
        }
        return result
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
