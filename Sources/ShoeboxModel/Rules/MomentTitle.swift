import Foundation

/// A moment's title: where it was, else when. Its places' cities (or countries, far from any
/// city), most photographed first: one is "Lisbon, Portugal"; two "Lisbon and Sintra"; more
/// "Lisbon, Sintra and Cascais" (three) or "Lisbon, Sintra and 3 more". Without a place, its
/// first day as a person says it: "Saturday 3 May 2025".
public enum MomentTitle {
    public static func title(places: [Place], start: String) -> String {
        var tally: [String: Int] = [:], firstSeen: [String] = []
        for place in places {
            let name = place.city ?? place.country
            if tally[name] == nil { firstSeen.append(name) }
            tally[name, default: 0] += 1
        }
        let names = firstSeen.enumerated().sorted { (tally[$0.element]!, -$0.offset) > (tally[$1.element]!, -$1.offset) }.map(\.element)
        switch names.count {
        case 0: return day(start)
        case 1: return places.first { ($0.city ?? $0.country) == names[0] }!.title
        case 2: return "\(names[0]) and \(names[1])"
        case 3: return "\(names[0]), \(names[1]) and \(names[2])"
        default: return "\(names[0]), \(names[1]) and \(names.count - 2) more"
        }
    }

    /// "Saturday 3 May 2025" for a capture time's day as written (its wall clock).
    static func day(_ takenAt: String) -> String {
        WallClockText.wallClock(of: takenAt).map { WallClockText.format($0, "EEEE d MMMM yyyy") } ?? takenAt
    }
}
