/// Paths as the catalog compares them: byte by byte on both backends (SQLite's BINARY
/// collation is `memcmp` of the UTF-8; PostgreSQL's columns are `COLLATE "C"`).
enum CatalogPaths {
    /// The paths under the folder `root`, as a range of text: `root/` up to `root0` (`0`
    /// follows `/`) holds exactly the paths that start with the bytes of `root/`, whatever
    /// characters the names hold, and the path index answers it. (Counting characters on one
    /// side and bytes on the other once missed every folder whose name is not ASCII.)
    static func range(under root: String) -> Range<String> {
        let folder = root.hasSuffix("/") ? String(root.dropLast()) : root
        return (folder + "/")..<(folder + "0")
    }
}
