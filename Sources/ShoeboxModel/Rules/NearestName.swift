/// The "did you mean" rule every command shares: the known name a mistyped one most likely
/// meant, or nil when none is close enough to be worth saying.
///
/// Close enough is a few typing slips (insertions, deletions, substitutions, swapped
/// neighbours; about one slip in three characters, at least one), compared without case; or,
/// for names that are paths (folder albums, `live/decoy`), the same last component, typed
/// alone (`decoy`) or under another folder (`samples/decoy`, a path from another root). A caller
/// may rely on an exact match never being suggested and on ties going to the first name given.
public enum NearestName {
    public static func suggestion(for typed: String, among names: some Sequence<String>) -> String? {
        let wanted = Array(typed.lowercased())
        guard !wanted.isEmpty else { return nil }
        let limit = max(1, wanted.count / 3)
        var best: (name: String, slips: Int)?
        for name in names where name != typed {
            let sameFolder = lastComponent(of: name) == typed.lowercased()
                || lastComponent(of: typed) == (lastComponent(of: name) ?? name.lowercased())
            let slips = sameFolder ? 0 : distance(wanted, Array(name.lowercased()))
            if slips <= limit, slips < (best?.slips ?? .max) { best = (name, slips) }
        }
        return best?.name
    }

    /// The optimal string alignment distance: edits with adjacent swaps counted as one.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    private static func lastComponent(of name: String) -> String? {
        guard let slash = name.lastIndex(of: "/") else { return nil }
        return name[name.index(after: slash)...].lowercased()
    }
}
