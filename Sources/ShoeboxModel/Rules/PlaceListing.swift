/// The places collection as a tree, from the catalog's groups of shown assets by (country,
/// region, city): each country, then its regions, then each region's cities (cities without a
/// region named directly after their country), largest first, then by name. A country's or
/// region's counts are its groups' sums, its cover the newest of their covers; assets near no
/// city count for their country only.
public enum PlaceListing {
    public static func tree(_ groups: [PlaceSummary]) -> [PlaceSummary] {
        let countries = Dictionary(grouping: groups, by: \.countryCode).values.map { (merged($0, level: .country), $0) }
        var listed: [PlaceSummary] = []
        for (country, inCountry) in countries.sorted(by: { precedes($0.0, $1.0) }) {
            listed.append(country)
            let regions = Dictionary(grouping: inCountry.filter { $0.region != nil }, by: { $0.region! })
            var children = regions.values.map { merged($0, level: .region) }
            children += inCountry.filter { $0.region == nil && $0.city != nil }.map { asCity($0) }
            for child in sorted(children) {
                listed.append(child)
                guard child.level == .region else { continue }
                listed += sorted(inCountry.filter { $0.region == child.region && $0.city != nil }.map { asCity($0) })
            }
        }
        return listed
    }

    private static func asCity(_ group: PlaceSummary) -> PlaceSummary {
        var city = group
        city.level = .city
        return city
    }

    /// One summary of `groups` at `level`: counts summed, the newest cover.
    private static func merged(_ groups: [PlaceSummary], level: PlaceSummary.Level) -> PlaceSummary {
        var counts = KindCounts()
        for group in groups { for kind in AssetKind.allCases { counts[kind] += group.counts[kind] } }
        let newest = groups.filter { $0.coverAssetID != nil }.max {
            ($0.coverSortKey ?? "", $0.coverAssetID ?? 0) < ($1.coverSortKey ?? "", $1.coverAssetID ?? 0)
        }
        let first = groups[0]
        return PlaceSummary(level: level, country: first.country, countryCode: first.countryCode,
                            region: level == .country ? nil : first.region, city: level == .city ? first.city : nil,
                            counts: counts, coverAssetID: newest?.coverAssetID, coverSortKey: newest?.coverSortKey)
    }

    private static func sorted(_ places: [PlaceSummary]) -> [PlaceSummary] {
        places.sorted(by: precedes)
    }

    /// Largest first, then by name.
    private static func precedes(_ a: PlaceSummary, _ b: PlaceSummary) -> Bool {
        a.count != b.count ? a.count > b.count : a.name < b.name
    }
}
