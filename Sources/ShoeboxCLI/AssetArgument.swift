import Foundation
import Shoebox

/// An ASSET on the command line: a file path (as given, or with symlinks resolved), else a
/// catalog id, as `shoebox show` takes it.
enum AssetArgument {
    struct NotFound: Error, CustomStringConvertible {
        var text: String
        var description: String { "no asset \(text) in the catalog" }
    }

    static let help = """
          ASSET                   An asset's file path, or its catalog id (as for `shoebox show`).
        """

    static func id(_ text: String, in catalog: SQLiteCatalog) throws -> Int64 {
        let path = URL(fileURLWithPath: text).standardizedFileURL.path
        if let asset = try catalog.asset(path: path) { return asset.id }
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            if let asset = try catalog.asset(path: String(cString: resolved)) { return asset.id }
        }
        if let id = Int64(text), try catalog.asset(id: id) != nil { return id }
        throw NotFound(text: text)
    }
}
