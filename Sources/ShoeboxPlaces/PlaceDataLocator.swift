import Foundation
import ShoeboxModel

/// Finds the places data file: `$SHOEBOX_PLACES` when set, then `data/places.bin.gz` in the
/// package the executable was built in, then `share/shoebox/places.bin.gz` beside an
/// installed `bin/`, then `/usr/share/shoebox/places.bin.gz`, then `./data/places.bin.gz`
/// (a build kept outside the package, run from it). The executable is the running program's
/// file (`RunningExecutable`), however it was started.
public enum PlaceDataLocator {
    public static let fileName = "places.bin.gz"

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL = RunningExecutable.url) throws -> URL {
        if let custom = environment["SHOEBOX_PLACES"], !custom.isEmpty { return URL(fileURLWithPath: custom) }
        let candidates = searched(executable: executable)
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw PlaceDataError.notFound(searched: candidates.map(\.path))
        }
        return found
    }

    static func searched(executable: URL) -> [URL] {
        var found: [URL] = []
        let binary = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var directory = binary
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                found.append(directory.appendingPathComponent("data").appendingPathComponent(fileName))
                break
            }
            directory.deleteLastPathComponent()
        }
        found.append(binary.deletingLastPathComponent().appendingPathComponent("share/shoebox").appendingPathComponent(fileName))
        found.append(URL(fileURLWithPath: "/usr/share/shoebox").appendingPathComponent(fileName))
        found.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("data").appendingPathComponent(fileName))
        return found
    }
}
