import Foundation
import Shoebox

/// An ASSET on the command line: a file path (as given, or with symlinks resolved), else a
/// catalog id, as `shoebox show` takes it. A path is taken by its bytes, or as `list` prints
/// it (with a name that is not UTF-8 escaped, see `PathText`), so either can be pasted.
enum AssetArgument {
    struct NotFound: Error, CustomStringConvertible {
        var text: String
        var description: String { "no asset \(text) in the catalog" }
    }

    static let help = """
          ASSET                   An asset's file path, or its catalog id (as for `shoebox show`).
        """

    /// `path` is the argument's bytes as `PathText` (`CommandLineArguments.positionalPaths`),
    /// when known; otherwise the text's own bytes. The text is also read as `PathText`, as
    /// `list` prints it (`\xHH` for a byte that is not UTF-8, or a control character).
    static func id(_ text: String, path: String? = nil, in catalog: any Catalog) throws -> Int64 {
        for candidate in [path ?? PathText.encode(Array(text.utf8)), PathText.encode(PathText.decode(text))] {
            let absolute = URL(fileURLWithPath: candidate).standardizedFileURL.path
            if let asset = try catalog.asset(path: absolute) ?? catalog.asset(path: IngestPipeline.resolve(absolute)) {
                return asset.id
            }
        }
        if let id = Int64(text), try catalog.asset(id: id) != nil { return id }
        throw NotFound(text: text)
    }
}
