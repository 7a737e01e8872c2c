/// Why a profile cannot be compared with a saved one at all.
public enum ProfileComparisonError: Error, Equatable, CustomStringConvertible {
    case otherPipeline(baseline: String, current: String)
    /// The saved profile does not say what it was measured on (made before profiles said so).
    case noContext
    case otherFiles(baseline: String, current: String)

    public var description: String {
        switch self {
        case let .otherPipeline(baseline, current):
            return "the baseline is a profile of pipeline \"\(baseline)\", not \"\(current)\""
        case .noContext:
            return "the baseline does not say what it was measured on (save it again with this shoebox's profile --json)"
        case let .otherFiles(baseline, current):
            return "the baseline was measured on other files (\(baseline)) than these (\(current)): profile the same files"
        }
    }
}
