import Dispatch
import Foundation

/// How the opt-in benchmarks time one operation: three warm-up calls, then `runs` timed ones,
/// summarised as "median X ms, min Y, max Z (N runs)".
enum BenchmarkTiming {
    static func summary(runs: Int = 25, _ body: () throws -> Void) throws -> String {
        for _ in 0..<3 { try body() }
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        samples.sort()
        return String(format: "median %.2f ms, min %.2f, max %.2f (%d runs)", samples[runs / 2], samples[0], samples[runs - 1], runs)
    }
}
