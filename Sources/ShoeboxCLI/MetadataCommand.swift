import Foundation
import Shoebox

enum MetadataCommand: Command {
    static let name = "metadata"
    static let abstract = "Print what Shoebox reads from files (date, camera, place), without a library."
    static let help = """
        OVERVIEW: \(abstract)
        The metadata an ingest would catalogue, read the same way, with no pixel decoded and
        nothing written: format, stored size, capture time and where it came from, camera,
        lens, exposure, GPS. Folders are walked recursively (links are not followed); files
        that are not media by content are passed over in folders and reported when named.

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
        for (path, named) in files(under: args.positionalPaths) {
            if named, let reason = specialFileSkipReason(path) {   // said as ingest says it, not a failure
                output.flush()
                Output.error("skipped \(path): \(reason)")
                continue
            }
            do {
                let file = try FileMetadataReader.read(path: path)
                output.line(args.has("--json") ? FileMetadataJSON.value(file).text : row(file))
            } catch let failure as FileMetadataReader.Failure where !named && failure.reason.hasPrefix("not a supported") {
                continue
            } catch {
                output.flush()
                Output.error("failed \(error)")
                failed += 1
            }
        }
        return failed > 0 ? ExitStatus.failure : ExitStatus.success
    }

    /// `path  format  WxH  takenAt  source  camera  lat,lon`, tab-separated, `-` when unknown.
    private static func row(_ file: FileMetadata) -> String {
        let m = file.metadata
        let camera = [m.make, m.model].compactMap { $0 }.joined(separator: " ")
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

    /// Every regular file named or under a named folder, sorted within each folder, with
    /// whether it was named itself.
    private static func files(under paths: [String]) -> [(String, Bool)] {
        var found: [(String, Bool)] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                found.append((path, true))
                continue
            }
            var inFolder: [String] = []
            for case let relative as String in manager.enumerator(atPath: path) ?? FileManager.DirectoryEnumerator() {
                let file = (path as NSString).appendingPathComponent(relative)
                var info = stat()
                if lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG { inFolder.append(file) }
            }
            found += inFolder.sorted().map { ($0, false) }
        }
        return found
    }
}
