import CCrashGuard
import Foundation

/// Asks glibc's allocator to back its large mappings with transparent huge pages
/// (`glibc.malloc.hugetlb=1`: `madvise(MADV_HUGEPAGE)` on each), for the commands that decode
/// pictures. `AllocatorTuning` gives every buffer of 1 MiB and more its own mapping, returned
/// when freed, which keeps the peak down; each new mapping then cost a page fault every 4 KiB
/// (the bench corpus's thumbnail + preview spent 15% of its CPU in page faults and `munmap`,
/// 2.45 s of system time against 1.36 s with the tunable, peak RSS within a few MB;
/// docs/BENCHMARKS.md). glibc reads its tunables only when a program starts, so the command
/// starts itself again with the tunable added: one `exec` of a process that has loaded nothing
/// yet, the same process (its pid, descriptors and arguments). A tunable the caller set for
/// `hugetlb` is left as it is, and so is a system where the kernel has no transparent huge
/// pages (the advice is then ignored). The restarted process keeps its name (`keepName`).
public enum HugePageTuning {
    static let variable = "GLIBC_TUNABLES"
    static let tunable = "glibc.malloc.hugetlb"

    /// `GLIBC_TUNABLES` with the huge-page tunable added to what the caller set, or nil when it
    /// sets that tunable already (nothing to change).
    static func tunables(adding existing: String?) -> String? {
        guard let existing, !existing.isEmpty else { return "\(tunable)=1" }
        let names = existing.split(separator: ":").map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "" }
        return names.contains(tunable) ? nil : existing + ":\(tunable)=1"
    }

    /// Starts this executable again with the tunable when it is not set yet; returns only when
    /// it is set already or the `exec` fails (the command then runs without it). Call first
    /// thing, before any thread or library starts.
    public static func restartWithHugePages() {
        let existing = getenv(variable).map { String(cString: $0) }
        guard let wanted = tunables(adding: existing) else { return keepName() }
        setenv(variable, wanted, 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        if let existing { setenv(variable, existing, 1) } else { unsetenv(variable) }
    }

    /// The kernel names a process after the file its `exec` ran, so the restart through
    /// `/proc/self/exe` named it "exe", and `ps`, `top`, `pgrep shoebox` and `killall shoebox`
    /// no longer found it. Gives a process so named the executable's own name back, as a start
    /// by its path would have (its first 15 bytes, the kernel's limit); a process of another
    /// name, or an executable really called "exe", keeps the name it has.
    static func keepName() {
        guard let current = try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8),
              current.trimmingCharacters(in: .newlines) == "exe",
              let name = processName(forExecutableAt: RunningExecutable.url.path), name != "exe" else { return }
        _ = sb_set_process_name(name)
    }

    /// The name the kernel gives a process that runs the executable at `path`: its file name,
    /// cut to 15 bytes; a deleted executable's link reads "PATH (deleted)". nil for no path.
    static func processName(forExecutableAt path: String?) -> String? {
        guard var path, !path.isEmpty else { return nil }
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        guard let file = path.split(separator: "/").last, !file.isEmpty else { return nil }
        var bytes = Array(file.utf8.prefix(15))
        while String(validating: bytes, as: UTF8.self) == nil { bytes.removeLast() }   // not inside a character
        return String(decoding: bytes, as: UTF8.self)
    }
}
