/// Where the next page of a fetch starts: the sort key and id of the last asset delivered.
///
/// Paging by key, not by offset, keeps every page as cheap as the first however deep the
/// iteration goes. Opaque to callers: hand back what `AssetPage.next` gave.
public struct AssetCursor: Equatable, Sendable {
    /// The last delivered asset's sort value: text for dates and names, an integer for a
    /// user album's positions.
    package enum Key: Equatable, Sendable {
        case text(String)
        case integer(Int64)
    }

    package let key: Key
    package let id: Int64
    /// How many assets the fetch has delivered so far, so `limit` holds across pages.
    package let delivered: Int

    package init(key: Key, id: Int64, delivered: Int) {
        self.key = key
        self.id = id
        self.delivered = delivered
    }
}
