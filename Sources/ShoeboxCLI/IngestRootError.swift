import Foundation
import Shoebox

/// A first ingest (no library yet) whose every PATH is missing is a typing slip, not a job:
/// it is refused before a library is made or a summary printed. Into an existing library, a
/// missing PATH may be an unmounted disk: the run goes on, and its summary reports the PATH
/// and fails the run, its assets left as they were.
enum IngestRootError: Error, CustomStringConvertible {
    case noSuchPath(String, didYouMean: String?)

    static func check(_ roots: [String], library: Library) throws {
        let marker = library.root.appendingPathComponent(LibraryMarker.fileName).path
        guard !FileManager.default.fileExists(atPath: marker) else { return }
        var status = stat()
        let missing = roots.filter { lstat($0, &status) != 0 && errno == ENOENT }
        guard missing.count == roots.count, let first = missing.first else { return }
        throw noSuchPath(first, didYouMean: sibling(near: first))
    }

    /// An entry of the missing path's folder that its last name is probably a slip for.
    private static func sibling(near path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
              let name = NearestName.suggestion(for: url.lastPathComponent, among: names) else { return nil }
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? name : (parent as NSString).appendingPathComponent(name)
    }

    var description: String {
        switch self {
        case let .noSuchPath(path, guess):
            let hint = guess.map { " (did you mean \(PathText.printable($0))?)" } ?? ""
            return "there is no file or folder \(PathText.printable(path))\(hint): nothing was ingested"
        }
    }
}
