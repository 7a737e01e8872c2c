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
/// pages (the advice is then ignored).
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
        guard let wanted = tunables(adding: existing) else { return }
        setenv(variable, wanted, 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        if let existing { setenv(variable, existing, 1) } else { unsetenv(variable) }
    }
}
