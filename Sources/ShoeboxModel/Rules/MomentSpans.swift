/// The stretches of time a change to the library touches, as instants (seconds since 1970
/// UTC): what the catalog cuts again to keep its moments equal to a cut of the whole library
/// (`MomentClustering`), without reading the rest.
///
/// Why that is enough: a gap of more than `MomentClustering.maximumGap` always starts a new
/// moment. So once every kept moment that reaches within that gap of a span is part of the
/// span (`reach` says where to look; `adding` takes them in), the assets before and after the
/// spans are cut exactly as before, and the spans can be cut on their own.
public struct MomentSpans: Equatable, Sendable {
    /// In order, none within `gap` of the next (closer ones are one span).
    public private(set) var spans: [ClosedRange<Double>]
    public let gap: Double

    public init(_ ranges: [ClosedRange<Double>], gap: Double = MomentClustering.maximumGap) {
        self.gap = gap
        spans = Self.merged(ranges, gap: gap)
    }

    /// These spans and `ranges`, merged.
    public func adding(_ ranges: [ClosedRange<Double>]) -> MomentSpans {
        MomentSpans(spans + ranges, gap: gap)
    }

    /// Each span widened by `gap` on both sides: a kept moment overlapping one of these may be
    /// cut differently by a change within the span.
    public var reach: [ClosedRange<Double>] {
        spans.map { ($0.lowerBound - gap)...($0.upperBound + gap) }
    }

    public var isEmpty: Bool { spans.isEmpty }

    static func merged(_ ranges: [ClosedRange<Double>], gap: Double) -> [ClosedRange<Double>] {
        var result: [ClosedRange<Double>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound - last.upperBound <= gap {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
