import Foundation
import Testing
@testable import Shoebox

/// A folder ingested by the built `shoebox` into a fresh library, and what `list --json` then
/// prints for each file, by file name: what a user sees.
struct ListedAssets {
    /// Holds the library (and whatever else the test put there) for as long as this value lives.
    let folder: TemporaryFolder
    let library: String
    let ingest: ShoeboxBinary.Result
    let byName: [String: [String: Any]]

    /// `arguments`: more of `ingest`'s options (`--jobs 4`).
    init(ingesting root: URL, into folder: TemporaryFolder, arguments: [String] = []) throws {
        self.folder = folder
        library = folder.url.appendingPathComponent("library").path
        ingest = try ShoeboxBinary.run(["ingest", root.path, "--library", library] + arguments)
        let list = try ShoeboxBinary.run(["list", "--json", "--library", library])
        try #require(list.status == 0, "list --json: \(list.errors)")
        let objects = try list.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        byName = Dictionary(uniqueKeysWithValues: objects.map {
            (URL(fileURLWithPath: $0["path"] as? String ?? "").lastPathComponent, $0)
        })
    }

    subscript(name: String) -> [String: Any]? { byName[name] }

    /// The file's first thumbnail, decoded.
    func thumbnail(_ name: String) throws -> VipsImage {
        let thumbnails = try #require(byName[name]?["thumbnails"] as? [[String: Any]], "\(name) has no thumbnails")
        let path = try #require(thumbnails.first?["path"] as? String, "\(name) has no thumbnail")
        return try VipsImage.decode(Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
