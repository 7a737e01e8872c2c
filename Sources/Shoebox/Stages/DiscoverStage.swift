import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Walks the ingested roots and streams what it finds, one entry at a time.
///
/// Nothing is listed into memory first: each directory is read entry by entry while the
/// next stages already work, and a full queue pauses the walk (back-pressure). Symbolic
/// links are never followed (no walk leaves its root, no loop), FIFOs and devices are never
/// opened, and the library folder is never walked into.
public final class DiscoverStage: @unchecked Sendable {
    /// What the walk of one root found: a root that vanished or holds no file must not make
    /// its assets look deleted.
    public struct RootReport: Sendable {
        public var root: String
        public var problem: String?
        public var regularFiles = 0
        /// The root was one file, not a folder: nothing else under its folder was looked at.
        public var isSingleFile = false
    }

    public let name = "discover"
    private let excludedDirectory: (device: UInt64, inode: UInt64)?
    private let maxDepth = 256
    private let cancelled: @Sendable () -> Bool
    /// Regular files found so far, readable from any thread (for progress lines).
    public let discovered = AtomicCounter()

    public init(excluding libraryRoot: URL?, cancelled: @escaping @Sendable () -> Bool = { false }) {
        var info = stat()
        if let libraryRoot, stat(libraryRoot.path, &info) == 0 {
            excludedDirectory = (UInt64(info.st_dev), UInt64(info.st_ino))
        } else {
            excludedDirectory = nil
        }
        self.cancelled = cancelled
    }

    /// Walks `root` (already absolute and resolved), pushing every entry into `output`.
    public func walk(root: String, into output: BlockingQueue<PipelineItem<DiscoveredFile>>) -> RootReport {
        var report = RootReport(root: root)
        var info = stat()
        guard stat(root, &info) == 0 else {
            report.problem = "cannot open \(root): \(String(cString: strerror(errno)))"
            return report
        }
        if (info.st_mode & S_IFMT) == S_IFREG {
            report.regularFiles = 1
            report.isSingleFile = true
            discovered.increment()
            output.push(.work(DiscoveredFile(path: root, root: (root as NSString).deletingLastPathComponent,
                                             status: SourceFile.Status(info))))
            return report
        }
        walkDirectory(root, root: root, depth: 0, report: &report, output: output)
        return report
    }

    private func walkDirectory(_ directory: String, root: String, depth: Int, report: inout RootReport,
                               output: BlockingQueue<PipelineItem<DiscoveredFile>>) {
        guard depth <= maxDepth else {
            output.push(.settled(.skipped(path: directory, reason: "deeper than \(maxDepth) folders; not walked")))
            return
        }
        guard let handle = opendir(directory) else {
            if depth == 0 { report.problem = "cannot read \(directory): \(String(cString: strerror(errno)))" }
            output.push(.settled(.skipped(path: directory, reason: "cannot read folder: \(String(cString: strerror(errno)))")))
            return
        }
        defer { closedir(handle) }
        while !cancelled(), let entry = readdir(handle) {
            let nameBytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if nameBytes == [46] || nameBytes == [46, 46] { continue }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            guard String(validatingUTF8: nameBytes.map { CChar(bitPattern: $0) } + [0]) != nil else {
                output.push(.settled(.skipped(path: path, reason: "file name is not valid UTF-8; rename it to ingest it")))
                continue
            }
            var info = stat()
            guard lstat(path, &info) == 0 else {
                output.push(.settled(.skipped(path: path, reason: "cannot stat: \(String(cString: strerror(errno)))")))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                report.regularFiles += 1
                discovered.increment()
                output.push(.work(DiscoveredFile(path: path, root: root, status: SourceFile.Status(info))))
            case S_IFDIR:
                if let excluded = excludedDirectory, excluded == (UInt64(info.st_dev), UInt64(info.st_ino)) { continue }
                walkDirectory(path, root: root, depth: depth + 1, report: &report, output: output)
            case S_IFLNK:
                output.push(.settled(.skipped(path: path, reason: "symbolic link; links are not followed")))
            default:
                output.push(.settled(.skipped(path: path, reason: "not a regular file (FIFO, socket or device)")))
            }
        }
    }
}
