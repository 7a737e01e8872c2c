import Foundation
import Shoebox

/// Keeps a catalog password given on the command line out of the process list.
///
/// `ps` and `/proc/PID/cmdline` show the bytes of the process's argument area, which anyone on
/// the machine may read; Swift keeps its own copy of the arguments (`CommandLine.arguments`),
/// read before the area is touched. So each password an argument carries (`ConnectionSecrets`:
/// a URI's `user:PASSWORD@`, `password=`) is overwritten there with `*`: the command, and an
/// ingest child forked from it, work with the real value, while the process list shows stars.
/// A child started as a new process gets its catalog through its environment instead, which
/// only its user can read (`IngestSupervisor`).
enum ArgumentSecrets {
    static func hideFromProcessList() {
        _ = CommandLine.arguments   // Swift's copy, taken before the area is overwritten
        for index in 1 ..< Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let text = String(cString: argument)
            guard text.contains("password") || text.contains("://") else { continue }
            for secret in ConnectionSecrets(text).secrets { overwrite(Array(secret.utf8), in: argument) }
        }
    }

    /// Every occurrence of `secret`'s bytes in the C string `argument`, as `*` of the same length.
    private static func overwrite(_ secret: [UInt8], in argument: UnsafeMutablePointer<CChar>) {
        let length = strlen(argument)
        guard !secret.isEmpty, secret.count <= length else { return }
        argument.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            var start = 0
            while start + secret.count <= length {
                if (0 ..< secret.count).allSatisfy({ bytes[start + $0] == secret[$0] }) {
                    for offset in 0 ..< secret.count { bytes[start + offset] = UInt8(ascii: "*") }
                    start += secret.count
                } else {
                    start += 1
                }
            }
        }
    }

    /// `arguments` (Swift's copy) for a new process, with a `--catalog` that carries a password
    /// taken out and returned, for the new process's environment (`SHOEBOX_CATALOG`, which
    /// `--catalog` would otherwise override); nil when there is none.
    static func movingCatalog(outOf arguments: [String]) -> (arguments: [String], catalog: String?) {
        var kept: [String] = [], catalog: String?, index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value: String?, width: Int
            if argument == CatalogOption.name, index + 1 < arguments.count {
                (value, width) = (arguments[index + 1], 2)
            } else if argument.hasPrefix(CatalogOption.name + "=") {
                (value, width) = (String(argument.dropFirst(CatalogOption.name.count + 1)), 1)
            } else {
                (value, width) = (nil, 1)
            }
            if let value, !ConnectionSecrets(value).secrets.isEmpty {
                catalog = value
            } else {
                kept += arguments[index ..< index + width]
            }
            index += width
        }
        return (kept, catalog)
    }
}
