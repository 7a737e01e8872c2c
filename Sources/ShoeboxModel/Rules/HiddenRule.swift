/// Whether an asset row is left out of fetches, albums, moments and places: the one rule
/// behind the catalog's `hidden` flag, whatever set its causes.
///
/// A row is hidden when it is another asset's resource (an edit's original, a RAW beside its
/// JPEG: `ResourceGrouping`), the video half of a Live Photo (shown through its still:
/// `LivePhotoPairing`), hidden by the person (`shoebox hide`, PhotoKit's `isHidden`; shown in
/// the Hidden smart album only), or a burst's frame its representative stands for
/// (`BurstRepresentative`; shown when a fetch includes burst members). Each cause is kept in
/// its own column; the catalog settles `hidden` from them after every change to one
/// (`CatalogVisibility`, this rule's SQL twin).
public enum HiddenRule {
    public struct Facts: Equatable, Sendable {
        /// Another asset's resource (`resource_of` set).
        public var isResource: Bool
        /// A video paired with a still (a Live Photo's video).
        public var isPairedVideo: Bool
        /// The person hid it (`hidden_mark`).
        public var isHiddenByPerson: Bool
        /// A burst's frame that its representative stands for (`burst_member`).
        public var isBurstMember: Bool

        public init(isResource: Bool, isPairedVideo: Bool, isHiddenByPerson: Bool, isBurstMember: Bool = false) {
            (self.isResource, self.isPairedVideo, self.isHiddenByPerson) = (isResource, isPairedVideo, isHiddenByPerson)
            self.isBurstMember = isBurstMember
        }
    }

    public static func isHidden(_ facts: Facts) -> Bool {
        isHiddenForMoreThanItsBurst(facts) || facts.isBurstMember
    }

    /// Hidden for a cause other than standing in a burst behind its representative: what a
    /// fetch that includes burst members still leaves out.
    public static func isHiddenForMoreThanItsBurst(_ facts: Facts) -> Bool {
        facts.isResource || facts.isPairedVideo || facts.isHiddenByPerson
    }
}
