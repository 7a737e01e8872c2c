import Foundation

/// Finds a pipeline file from a `--pipeline NAME|FILE` argument.
///
/// A value with a `/` or ending in `.json` is a file path. A bare name is looked up as
/// `NAME.json` in `$SHOEBOX_PIPELINES`, then in the `pipelines/` folder of the package the
/// executable was built in, then in `share/shoebox/pipelines` beside an installed `bin/`,
/// then in `/usr/share/shoebox/pipelines`, then in `./pipelines`. The executable is the
/// running program's file (`RunningExecutable`), however it was started.
public enum PipelineLocator {
    public static let defaultName = "default"

    public static func locate(_ nameOrFile: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL = RunningExecutable.url) throws -> URL {
        let value = nameOrFile ?? defaultName
        if value.contains("/") || value.hasSuffix(".json") {
            return URL(fileURLWithPath: value)
        }
        let folders = searchFolders(environment: environment, executable: executable)
        for folder in folders {
            let candidate = folder.appendingPathComponent("\(value).json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        throw PipelineError.notFound(name: value, available: names(in: folders), searched: folders.map(\.path))
    }

    /// The pipeline names the folders offer, sorted, each once.
    static func names(in folders: [URL]) -> [String] {
        let files = folders.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0.path)) ?? [] }
        return Set(files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }).sorted()
    }

    public static func load(_ nameOrFile: String?) throws -> PipelineConfiguration {
        try PipelineConfiguration.load(from: locate(nameOrFile))
    }

    static func searchFolders(environment: [String: String], executable: URL) -> [URL] {
        var folders: [URL] = []
        if let custom = environment["SHOEBOX_PIPELINES"], !custom.isEmpty {
            folders.append(URL(fileURLWithPath: custom))
        }
        let binary = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var directory = binary
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("pipelines")
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                folders.append(candidate)
                break
            }
            directory.deleteLastPathComponent()
        }
        folders.append(binary.deletingLastPathComponent().appendingPathComponent("share/shoebox/pipelines"))
        folders.append(URL(fileURLWithPath: "/usr/share/shoebox/pipelines"))
        folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("pipelines"))
        return folders
    }
}
