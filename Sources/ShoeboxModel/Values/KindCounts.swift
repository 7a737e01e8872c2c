/// How many assets of each kind: what album listings and `countAssets` report.
///
/// Every `AssetKind` is present (0 when there is none), so callers and JSON readers can rely
/// on the keys, including kinds added later.
public struct KindCounts: Equatable, Sendable, CustomStringConvertible {
    public private(set) var byKind: [AssetKind: Int]

    public init(_ counts: [AssetKind: Int] = [:]) {
        byKind = Dictionary(uniqueKeysWithValues: AssetKind.allCases.map { ($0, counts[$0] ?? 0) })
    }

    public subscript(kind: AssetKind) -> Int {
        get { byKind[kind] ?? 0 }
        set { byKind[kind] = newValue }
    }

    public var total: Int { byKind.values.reduce(0, +) }

    /// The kinds present, in `AssetKind` order: `photo 11, gif 1`.
    public var description: String {
        let present = AssetKind.allCases.filter { self[$0] > 0 }.map { "\($0.rawValue) \(self[$0])" }
        return present.isEmpty ? "empty" : present.joined(separator: ", ")
    }
}
