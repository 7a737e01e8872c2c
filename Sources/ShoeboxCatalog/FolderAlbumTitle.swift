/// The rule that titles folder albums: the folder of an asset's path relative to the root it
/// was ingested under (`2024/Paris`), or the root's own name for files directly in it (`/`
/// for the file system's root); a path outside its root (never written by an ingest) keeps
/// its whole folder. Every backend stores what this says.
///
/// Worked on the UTF-8 bytes: `/` is one byte that no other character's bytes contain, and
/// paths are compared byte for byte (as SQLite's generated `album_folder` column, which
/// agrees with this rule on every path, compares them), never by Unicode equivalence.
public enum FolderAlbumTitle {
    public static func title(path: String, root: String) -> String {
        let folder = folderWithSlash(Array(path.utf8))
        let top = trimmingSlashes(Array(root.utf8))
        if folder == top + [slash] {
            return top.isEmpty ? "/" : text(lastComponent(top))
        }
        if Array(path.utf8).starts(with: top + [slash]) {
            return text(Array(folder.dropFirst(top.count + 1).dropLast()))
        }
        return text(trimmingSlashes(folder))
    }

    private static let slash = UInt8(ascii: "/")

    /// The path up to and including its last `/`; empty when it has none.
    private static func folderWithSlash(_ path: [UInt8]) -> [UInt8] {
        guard let last = path.lastIndex(of: slash) else { return [] }
        return Array(path[...last])
    }

    private static func trimmingSlashes(_ path: [UInt8]) -> [UInt8] {
        var path = path
        while path.last == slash { path.removeLast() }
        return path
    }

    private static func lastComponent(_ path: [UInt8]) -> [UInt8] {
        guard let last = path.lastIndex(of: slash) else { return path }
        return Array(path[(last + 1)...])
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
