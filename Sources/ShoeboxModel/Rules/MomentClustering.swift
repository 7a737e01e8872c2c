import Foundation

/// The library cut into moments, as Apple Photos, PhotoPrism and Nextcloud Memories cut it:
/// shown assets in the order they were taken (their UTC instants, `MomentCandidate.instant`,
/// ties by id), a new moment where the gap to the previous asset exceeds `maximumGap` or the
/// position jumps more than `maximumJump` from the moment's last known one.
///
/// Apple Photos starts a new moment on a change of place or a gap of a few hours; PhotoPrism
/// groups by day and place; Nextcloud Memories by days. Six hours and 50 km keep a day out
/// and back in one moment and split a night's journey.
///
/// What the catalog relies on to keep moments without cutting the whole library again
/// (`MomentSpans`): a gap of more than `maximumGap` always starts a new moment, so assets
/// further than that from any change are cut as they were.
public enum MomentClustering {
    public static let maximumGap: Double = 6 * 3600
    public static let maximumJump: Double = 50   // km

    public static func moments(_ candidates: [MomentCandidate]) -> [Moment] {
        groups(candidates).map { moment($0.map { candidates[$0] }) }
    }

    /// The moments as indexes into `candidates`, each in capture order, the moments in order.
    /// Candidates are referred to by index while they are ordered and cut, so that a million
    /// of them are held once, not copied into each step. A candidate without an instant is in none.
    public static func groups(_ candidates: [MomentCandidate]) -> [[Int]] {
        let timed = candidates.indices.compactMap { index in candidates[index].instant.map { (index: index, instant: $0) } }
            .sorted { ($0.instant, candidates[$0.index].id) < ($1.instant, candidates[$1.index].id) }
        var groups: [[Int]] = []
        var lastInstant = -Double.infinity
        var lastPlace: GPSLocation?
        for (index, instant) in timed {
            let location = candidates[index].location
            var jumped = false
            if let last = lastPlace, let here = location { jumped = distance(last, here) > maximumJump }
            if groups.isEmpty || instant - lastInstant > maximumGap || jumped {
                groups.append([])
                lastPlace = nil
            }
            groups[groups.count - 1].append(index)
            lastInstant = instant
            lastPlace = location ?? lastPlace
        }
        return groups
    }

    /// The moment of `members`, given in capture order, each with an instant.
    public static func moment(_ members: [MomentCandidate]) -> Moment {
        var counts = KindCounts()
        for member in members { counts[member.kind] += 1 }
        let (first, last) = (members.first!, members.last!)
        return Moment(id: members.map(\.id).min()!, start: first.takenAt, end: last.takenAt,
                      startInstant: first.instant ?? 0, endInstant: last.instant ?? 0, counts: counts, coverAssetID: last.id,
                      title: MomentTitle.title(places: members.compactMap(\.place), start: first.takenAt))
    }

    /// Great-circle distance in km.
    static func distance(_ a: GPSLocation, _ b: GPSLocation) -> Double {
        let (p1, p2) = (a.latitude * .pi / 180, b.latitude * .pi / 180)
        let (dp, dl) = (p2 - p1, (b.longitude - a.longitude) * .pi / 180)
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * 6371.0088 * asin(min(1, sqrt(h)))
    }
}
