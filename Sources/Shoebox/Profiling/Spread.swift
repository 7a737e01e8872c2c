/// One figure over repeated runs: its median and the range it moved in.
///
/// On a shared machine one run's figure moves by 10-30%; the median of several is what a
/// comparison or a regression check should stand on, and the range says how far to trust it.
public struct Spread: Codable, Equatable, Sendable {
    public var median: Double
    public var min: Double
    public var max: Double

    public init(median: Double, min: Double, max: Double) {
        self.median = median
        self.min = min
        self.max = max
    }

    /// The spread of `values` (nil for none): the median of an even count is the mean of the
    /// two in the middle.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        self.init(median: ProfileReport.rounded(median, 6), min: sorted[0], max: sorted[sorted.count - 1])
    }

    /// How far the values moved, as a fraction of the median: (max - min) / median (0 for a
    /// median of 0).
    public var relativeRange: Double {
        median != 0 ? (max - min) / Swift.abs(median) : 0
    }
}
