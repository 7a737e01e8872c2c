import Foundation

/// The JSON form of an album, as `shoebox albums --json` prints it, one object a line.
///
/// Every key is always present: `title`, `kind` (`smart`, `folder` or `user`), `count`, `counts` (every
/// asset kind, 0 when none), `coverAsset` (an asset id, null for an empty album) and `covers`
/// (`[{name, width, height, path}]`, paths absolute, as last rendered by `shoebox covers`).
public enum AlbumJSON {
    public static func object(_ album: AlbumSummary, library: Library) -> [String: Any] {
        let counts = Dictionary(uniqueKeysWithValues: AssetKind.allCases.map { ($0.rawValue, album.counts[$0]) })
        let covers = album.covers.map { cover -> [String: Any] in
            ["name": cover.name, "width": cover.width, "height": cover.height, "path": library.absolutePath(cover.relativePath)]
        }
        return ["title": album.album.title, "kind": album.album.kind.rawValue, "count": album.count, "counts": counts,
                "coverAsset": album.coverAssetID.map { $0 as Any } ?? NSNull(), "covers": covers]
    }

    /// One line of JSON, keys sorted.
    public static func line(_ album: AlbumSummary, library: Library) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object(album, library: library),
                                              options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
