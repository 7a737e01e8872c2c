import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Library {
    /// Makes sure the folder is a Shoebox library before anything is written in it, and
    /// returns its open root.
    ///
    /// - A missing or empty folder becomes a library: its `shoebox-library` marker is written.
    /// - A folder with the marker is one (unless its format is newer than this Shoebox reads).
    /// - A folder an earlier Shoebox made (a `catalog.sqlite` file and no marker) is adopted.
    /// - Any other folder is refused (`LibraryError.notALibrary`), and nothing is written in it.
    /// Safe when several processes seal one new folder at once (queue workers started together):
    /// the marker is made exclusively, and a process that finds the folder no longer empty, or
    /// the marker still being written, looks again for the other's marker before refusing.
    @discardableResult
    public func seal() throws -> LibraryFolder {
        try makeFolderIfMissing()
        let folder = try LibraryFolder.open(path: root.path)
        if try settledMarker(in: folder) != nil { return folder }
        var isLegacy = false   // an earlier Shoebox's library: a catalog, no marker
        if case .file = folder.entry("catalog.sqlite") { isLegacy = true }
        guard try isLegacy || folder.names().isEmpty else {
            // Another process may have sealed it between the two looks: its marker came first.
            if try settledMarker(in: folder) != nil { return folder }
            throw LibraryError.notALibrary(path: root.path, reason: "it holds files and no \(LibraryMarker.fileName) marker")
        }
        if try !writeMarker(in: folder) {
            _ = try settledMarker(in: folder)   // another process made it first: it must be a valid marker too
        }
        return folder
    }

    /// The folder's marker as `readMarker` reads it, once a marker another process has just
    /// created holds its text: that process creates the file, then writes its few bytes, so an
    /// empty marker is looked at again (for at most about a second) before it counts as not
    /// Shoebox's.
    private func settledMarker(in folder: LibraryFolder) throws -> LibraryMarker? {
        for _ in 0..<200 {
            guard case .file(bytes: 0)? = folder.entry(LibraryMarker.fileName) else { break }
            usleep(5_000)
        }
        return try readMarker(in: folder)
    }

    /// The open root of a library that is already sealed, for commands that remove files;
    /// throws when the marker is missing (nothing is created or adopted here).
    public func openSealed() throws -> LibraryFolder {
        let folder = try LibraryFolder.open(path: root.path)
        guard try readMarker(in: folder) != nil else {
            throw LibraryError.notALibrary(path: root.path, reason: "it has no \(LibraryMarker.fileName) marker")
        }
        return folder
    }

    /// Whether `path` is this library's folder or lies inside it (through links and `..` alike):
    /// such a path is never ingested.
    public func contains(_ path: String) -> Bool {
        FolderIdentity(path: root.path)?.isSelfOrAncestor(of: path) ?? false
    }

    /// The first of `paths` that `contains` would answer yes for; nil when none. The library
    /// folder is looked up once, and the walk up made once per folder (`FolderIdentity`).
    public func firstContained(in paths: [String]) -> String? {
        guard let folder = FolderIdentity(path: root.path) else { return nil }
        var judged: [String: Bool] = [:]
        return paths.first { folder.isSelfOrAncestor(of: $0, judged: &judged) }
    }

    private func makeFolderIfMissing() throws {
        if mkdir(root.path, 0o755) == 0 || errno == EEXIST { return }
        let reason = String(cString: strerror(errno))
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw LibraryError.cannotCreate(root.path, reason)
        }
    }

    /// The folder's marker; nil when it has none. A marker that is not a regular file, or
    /// whose text is not Shoebox's, or of a newer format, is an error.
    private func readMarker(in folder: LibraryFolder) throws -> LibraryMarker? {
        guard let entry = folder.entry(LibraryMarker.fileName) else { return nil }
        guard case .file = entry, let bytes = try folder.contents(of: LibraryMarker.fileName) else {
            throw LibraryError.notALibrary(path: root.path, reason: "its \(LibraryMarker.fileName) is not a regular file")
        }
        guard let marker = LibraryMarker.parse(String(decoding: bytes, as: UTF8.self)) else {
            throw LibraryError.notALibrary(path: root.path, reason: "its \(LibraryMarker.fileName) file is not Shoebox's marker")
        }
        guard marker.format <= LibraryMarker.format else {
            throw LibraryError.newerFormat(path: root.path, format: marker.format)
        }
        return marker
    }

    /// Writes the marker; false when another process made it first.
    private func writeMarker(in folder: LibraryFolder) throws -> Bool {
        let fd: Int32
        do {
            fd = try folder.createFile(LibraryMarker.fileName)
        } catch let error as LibraryError where error.code == EEXIST {
            return false
        }
        let text = Array(LibraryMarker().contents.utf8)
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var code = errno
        let synced = fsync(fd) == 0
        if written == text.count { code = errno }
        close(fd)
        guard written == text.count, synced else {
            throw LibraryError.system(path: folder.path(of: LibraryMarker.fileName), operation: "write", code: code)
        }
        folder.synchronize()
        return true
    }
}
