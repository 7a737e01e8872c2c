import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the process has used so far: its peak resident memory and its CPU time.
public enum ResourceUsage {
    /// `VmHWM` from /proc/self/status, else `getrusage`'s `ru_maxrss`; nil if neither says.
    public static func peakResidentBytes() -> Int64? {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int64(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") {
            return kilobytes * 1024
        }
        guard let usage = usage(), usage.ru_maxrss > 0 else { return nil }
        return Int64(usage.ru_maxrss) * 1024  // kilobytes on Linux
    }

    /// User plus system CPU time of every thread of the process (libvips's own included), in seconds.
    public static func cpuSeconds() -> Double? {
        guard let usage = usage() else { return nil }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func usage() -> rusage? {
        var usage = rusage()
        return getrusage(RUSAGE_SELF.rawValue, &usage) == 0 ? usage : nil
    }
}
