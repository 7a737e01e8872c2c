import Foundation

/// Why a file a command was asked to write after its run (`profile --trace`, `--html`,
/// `--json-out`) cannot be written: found before the run, not after minutes of it.
enum ReportFileError: Error, CustomStringConvertible {
    /// The folder the file would go in is not there, or is not a folder.
    case noFolder(option: String, path: String, folder: String)
    /// The folder is there, but this user may not create files in it.
    case folderNotWritable(option: String, path: String, folder: String)

    /// Throws when `path` (given to `option`) could not be written because of its folder.
    static func check(_ path: String, option: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw noFolder(option: option, path: path, folder: folder)
        }
        guard access(folder, W_OK) == 0 else { throw folderNotWritable(option: option, path: path, folder: folder) }
    }

    var description: String {
        switch self {
        case let .noFolder(option, path, folder):
            return "cannot write \(option) \(path): there is no folder \(folder) (make it first, or name another file)"
        case let .folderNotWritable(option, path, folder):
            return "cannot write \(option) \(path): the folder \(folder) is not writable by this user"
        }
    }
}
