/// One page of a fetch, and where the next one starts (nil when the fetch is exhausted).
public struct AssetPage: Sendable {
    public var assets: [AssetRecord]
    public var next: AssetCursor?

    public init(assets: [AssetRecord], next: AssetCursor?) {
        self.assets = assets
        self.next = next
    }
}
