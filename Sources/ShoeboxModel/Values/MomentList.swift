/// PhotoKit's moment lists (`PHCollectionList` of moment years and months): the moments that
/// start in one year (`2024`) or month (`2024-05`), in the order given.
public struct MomentList: Equatable, Sendable {
    /// `YYYY` or `YYYY-MM`, from the moments' capture times as written.
    public var period: String
    public var moments: [Moment]

    public var count: Int { moments.reduce(0) { $0 + $1.count } }

    public var counts: KindCounts {
        var total = KindCounts()
        for moment in moments { for kind in AssetKind.allCases { total[kind] += moment.counts[kind] } }
        return total
    }

    /// `moments` grouped by the first `periodLength` characters of their start (4: years,
    /// 7: months), each group where its first moment is.
    public static func lists(_ moments: [Moment], periodLength: Int) -> [MomentList] {
        var lists: [MomentList] = []
        var index: [String: Int] = [:]
        for moment in moments {
            let period = String(moment.start.prefix(periodLength))
            if let at = index[period] { lists[at].moments.append(moment); continue }
            index[period] = lists.count
            lists.append(MomentList(period: period, moments: [moment]))
        }
        return lists
    }
}
