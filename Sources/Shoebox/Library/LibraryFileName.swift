/// The names Shoebox gives the files it writes in a library: the only files it ever removes.
///
/// A derivative (thumbnail or cover) is `<2 hex>/<32 hex>-<16 hex>.<jpg|webp|png>` under its
/// folder, the 32 digits starting with the folder's two; a scratch file is
/// `<pid>-<counter>.part` in `tmp/`. Anything else found there (a file of the user's, a link,
/// a name from another tool) is not Shoebox's and is left alone.
public enum LibraryFileName {
    /// Whether `name` is a shard folder of `thumbs/` or `covers/`: two lowercase hex digits.
    public static func isShardFolder(_ name: String) -> Bool {
        name.utf8.count == 2 && isLowercaseHex(name)
    }

    /// Whether `name`, in the shard folder `shard`, is a derivative file Shoebox wrote.
    public static func isDerivative(_ name: String, inShard shard: String) -> Bool {
        guard isShardFolder(shard), name.hasPrefix(shard) else { return false }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, ["jpg", "webp", "png"].contains(parts[1]) else { return false }
        let hashes = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        return hashes.count == 2 && hashes[0].utf8.count == 32 && hashes[1].utf8.count == 16
            && isLowercaseHex(hashes[0]) && isLowercaseHex(hashes[1])
    }

    /// Whether `name` in `tmp/` is a scratch file `AtomicFileWriter` made.
    public static func isScratch(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == "part" else { return false }
        let numbers = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        return numbers.count == 2 && numbers.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
    }

    private static func isLowercaseHex<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
