import Foundation

/// The running program's own file, where the installed files beside it are looked for
/// (`PipelineLocator`, `PlaceDataLocator`). On Linux, `/proc/self/exe`: a program started from
/// PATH gets only the name it was typed as (`shoebox`) in its first argument, which would
/// send the search to the current folder.
public enum RunningExecutable {
    public static var url: URL {
        let link = URL(fileURLWithPath: "/proc/self/exe")
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) {
            return URL(fileURLWithPath: target)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
    }
}
