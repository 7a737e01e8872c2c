/// The aspect rule's thresholds and factors, read from the pipeline file.
///
/// With a = width / height as displayed: above `panoramaAbove` the width is
/// base x a x `panoramaWidthFactor` (1.0 keeps the height at base); below `tallBelow` the width
/// is base x `tallWidthFactor`; otherwise it is the base. The thresholds themselves are
/// neither widened nor halved.
public struct AspectRule: Codable, Equatable, Sendable {
    public var panoramaAbove: Double
    public var panoramaWidthFactor: Double
    public var tallBelow: Double
    public var tallWidthFactor: Double

    public init(panoramaAbove: Double, panoramaWidthFactor: Double, tallBelow: Double, tallWidthFactor: Double) {
        self.panoramaAbove = panoramaAbove
        self.panoramaWidthFactor = panoramaWidthFactor
        self.tallBelow = tallBelow
        self.tallWidthFactor = tallWidthFactor
    }

    /// The unrounded width for `baseWidth` at aspect ratio `aspect`.
    public func width(forBase baseWidth: Int, aspect: Double) -> Double {
        if aspect > panoramaAbove { return Double(baseWidth) * aspect * panoramaWidthFactor }
        if aspect < tallBelow { return Double(baseWidth) * tallWidthFactor }
        return Double(baseWidth)
    }

    /// The part of a recipe identifier that names these numbers.
    package var recipeComponent: String {
        "aspect:\(format(panoramaAbove))x\(format(panoramaWidthFactor)):\(format(tallBelow))x\(format(tallWidthFactor))"
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
