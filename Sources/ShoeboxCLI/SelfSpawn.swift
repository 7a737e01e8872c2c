import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts this executable again (`/proc/self/exe`), for a supervisor whose process has other
/// threads and so cannot be copied by fork (`sb_supervisor_fork`).
enum SelfSpawn {
    /// Starts it with `arguments` (the first is the program's name) and this process's
    /// environment, `added` (`NAME=value` entries) replacing any of the same names.
    static func start(arguments: [String], adding added: [String]) throws -> pid_t {
        try start(argumentBytes: arguments.map { Array($0.utf8) }, adding: added)
    }

    /// As `start(arguments:adding:)`, each argument given as its bytes: a path's own bytes
    /// (`PathText.decode`), which need not be UTF-8.
    static func start(argumentBytes arguments: [[UInt8]], adding added: [String]) throws -> pid_t {
        let replaced = added.map { String($0.prefix { $0 != "=" }) + "=" }
        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !replaced.contains(where: text.hasPrefix) { environment.append(text) }
            index += 1
        }
        let argv = arguments.map { bytes in (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { strdup($0.baseAddress!) } }
        let envp = (environment + added).map { strdup($0) }
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/proc/self/exe", nil, nil, argv + [nil], envp + [nil])
        guard rc == 0 else { throw SupervisorError.cannotStart(executable: "/proc/self/exe", reason: String(cString: strerror(rc))) }
        return child
    }
}
