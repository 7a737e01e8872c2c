import Foundation
import Shoebox

enum MetadataCommand: Command {
    static let name = "metadata"
    static let abstract = "Print what Shoebox reads from files (date, camera, place), without a library."
    static let help = """
        OVERVIEW: \(abstract)
        The metadata an ingest would catalogue, read the same way, with no pixel decoded and
        nothing written: format, stored size, capture time and where it came from, camera,
        lens, exposure, GPS. Folders are walked recursively (links in them are not followed;
        a link named as a PATH is, as ingest follows it); files that are not media by
        content are passed over in folders and reported when named.

        USAGE: shoebox metadata PATH... [--json]

        ARGUMENTS:
          PATH                    Files, or folders to walk.

        OPTIONS:
          --json                  One JSON object a line per file, with the names and number
                                  forms of 'shoebox list --json'.
          -h, --help              Show this help.

        EXIT STATUS:
          0 every file read, 1 a file could not be read (each is printed as 'failed PATH: reason'
          on standard error, and the others are printed), 64 usage error. A FIFO, socket or
          device named as a PATH is never opened: 'skipped PATH: a FIFO, ...' on standard error.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: [], flags: ["--json"])
        guard !args.positionals.isEmpty else { throw UsageError("give at least one PATH") }
        let output = BufferedOutput()
        defer { output.flush() }
        var failed = 0
        for file in files(under: args.positionalPaths) {
            if case let .unreadable(reason) = file.target {
                output.flush()
                Output.error("failed \(TerminalText.printable(file.shown)): \(reason)")
                failed += 1
                continue
            }
            if file.named, let reason = specialFileSkipReason(file.read) {   // said as ingest says it, not a failure
                output.flush()
                Output.error("skipped \(file.shown): \(reason)")
                continue
            }
            do {
                var metadata = try FileMetadataReader.read(path: file.read)
                metadata.path = file.shown
                output.line(args.has("--json") ? FileMetadataJSON.value(metadata).text : row(metadata))
            } catch var failure as MetadataReadError {
                if !file.named && failure.reason.hasPrefix("not a supported") { continue }
                failure.path = file.shown
                output.flush()
                Output.error("failed \(failure)")
                failed += 1
            } catch {
                output.flush()
                Output.error("failed \(file.shown): \(error)")
                failed += 1
            }
        }
        return failed > 0 ? ExitStatus.failure : ExitStatus.success
    }

    /// `path  format  WxH  takenAt  source  camera  lat,lon`, tab-separated, `-` when unknown.
    private static func row(_ file: FileMetadata) -> String {
        let m = file.metadata
        let camera = CameraName.text(make: m.make, model: m.model) ?? ""
        let place = m.location.map { String(format: "%.5f,%.5f", $0.latitude, $0.longitude) }
        return [TerminalText.printable(file.path), file.format.rawValue, "\(file.storedSize)", m.takenAt ?? "-",
                m.takenAtSource?.rawValue ?? "-", camera.isEmpty ? "-" : TerminalText.printable(camera), place ?? "-"]
            .joined(separator: "\t")
    }

    /// Why a named PATH that is a FIFO, a socket or a device is skipped (`lstat`, never opened).
    private static func specialFileSkipReason(_ path: String) -> String? {
        var info = stat()
        guard SourceFile.linkStatus(path, &info) == 0 else { return nil }
        return DiscoverStage.specialFileSkipReason(info.st_mode)
    }

    /// A file to read: the path printed (as named, or under a named folder), the path read
    /// (links named resolved, as ingest resolves the paths it is given), and whether it was named.
    private struct Listed {
        enum Target { case path(String), unreadable(String) }
        let shown: String
        let target: Target
        let named: Bool
        var read: String {
            if case let .path(path) = target { return path }
            return shown
        }
    }

    /// Every regular file named or under a named folder, sorted within each folder. A named
    /// link is followed as ingest follows it (to a file or a folder); one that points nowhere
    /// is said to be a dangling link. Links inside folders are not followed.
    private static func files(under paths: [String]) -> [Listed] {
        var found: [Listed] = []
        for path in paths {
            let resolved: String
            switch resolve(path) {
            case let .path(real): resolved = real
            case let .unreadable(reason):
                found.append(Listed(shown: path, target: .unreadable(reason), named: true))
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), isFolder.boolValue else {
                found.append(Listed(shown: path, target: .path(resolved), named: true))
                continue
            }
            var inFolder: [String] = []
            for case let relative as String in FileManager.default.enumerator(atPath: resolved) ?? FileManager.DirectoryEnumerator() {
                var info = stat()
                let file = (resolved as NSString).appendingPathComponent(relative)
                if lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG { inFolder.append(relative) }
            }
            found += inFolder.sorted().map {
                Listed(shown: (path as NSString).appendingPathComponent($0),
                       target: .path((resolved as NSString).appendingPathComponent($0)), named: false)
            }
        }
        return found
    }

    /// A named path, a link among its parts resolved; one whose link points nowhere cannot be read.
    private static func resolve(_ path: String) -> Listed.Target {
        var info = stat()
        guard SourceFile.linkStatus(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return .path(path) }
        guard let real = PathText.withCString(path, { realpath($0, nil) }) else {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \(TerminalText.printable($0))" } ?? ""
            return .unreadable("a dangling link\(target): it points to nothing that exists")
        }
        defer { free(real) }
        return .path(PathText.encode(UnsafeRawBufferPointer(start: real, count: strlen(real))))
    }
}
