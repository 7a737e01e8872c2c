import Foundation
@testable import Shoebox

/// A generated library of 2,978 assets over a year of trips, recorded through the catalog's
/// own writes, for tests that write out every smart album, moment and place it must give.
/// Capture times are written without an offset (as most cameras write them), so each gets
/// its place's zone; positions are city centres, so their names are known:
///
/// - Paris, 24 Saturdays from 6 January 2024: 40 photos each, 10:00 to 14:33, 7 minutes apart.
/// - Lisbon, 1-5 July 2024, but Sintra on the 3rd: 200 a day, 08:00 to 17:57, 3 minutes
///   apart; every 10th a video; three of Sintra's panoramas.
/// - London, then New York the same day, 13 September 2024: 10 in London at 09:00 to 09:45
///   (+01:00), 100 in New York at 14:00 to 22:15 (-04:00), 5 minutes apart; the first 7 in
///   New York taken with the front camera.
/// - Tokyo, 1-3 November 2024: 300 a day, 07:00 to 16:58, 2 minutes apart; every 25th rated 5;
///   and a video without a position whose own time says 00:30 on the 2nd at +09:00. Only with
///   the Tokyo photos' zone is it more than 6 hours after the 1st's last (16:58 is 07:58 UTC,
///   00:30 is 15:30 UTC): taken as UTC, they would end at 16:58 UTC, after it.
/// - At home, without a position, 1 December 2024: 5 screenshots at 20:00 to 20:20 and 2
///   screen recordings at 20:30 and 20:40.
struct GeneratedTrips {
    static let paris = GPSLocation(latitude: 48.8566, longitude: 2.3522)
    static let lisbon = GPSLocation(latitude: 38.7223, longitude: -9.1393)
    static let sintra = GPSLocation(latitude: 38.7979, longitude: -9.3880)
    static let london = GPSLocation(latitude: 51.5074, longitude: -0.1278)
    static let newYork = GPSLocation(latitude: 40.7580, longitude: -73.9855)
    static let tokyo = GPSLocation(latitude: 35.6812, longitude: 139.7671)

    /// Every asset's draft, in the order they are recorded.
    static func drafts() -> [AssetDraft] {
        var drafts: [AssetDraft] = []
        func add(_ name: String, _ day: String, minutes: Int, at place: GPSLocation?, _ edit: (inout AssetDraft) -> Void = { _ in }) {
            let time = day + String(format: "T%02d:%02d:00", minutes / 60, minutes % 60)
            var draft = AlbumFixture.draft("/trips/\(name)", takenAt: time, root: "/trips")
            draft.metadata.location = place
            edit(&draft)
            drafts.append(draft)
        }
        let calendar = Calendar(identifier: .gregorian)
        for week in 0..<24 {
            let date = calendar.date(byAdding: .day, value: 7 * week, to: Self.date("2024-01-06"))!
            let day = Self.dayText(date)
            for n in 0..<40 { add("paris/\(day)-\(n).jpg", day, minutes: 600 + 7 * n, at: paris) }
        }
        for day in 1...5 {
            for n in 0..<200 {
                let name = "lisbon/2024-07-0\(day)-\(n)" + (n % 10 == 9 ? ".mp4" : ".jpg")
                add(name, "2024-07-0\(day)", minutes: 480 + 3 * n, at: day == 3 ? sintra : lisbon) { draft in
                    if n % 10 == 9 { draft.kind = .video }
                    if day == 3 && n < 3 { draft.subtypes = [.panorama] }
                }
            }
        }
        for n in 0..<10 { add("london/\(n).jpg", "2024-09-13", minutes: 540 + 5 * n, at: london) }
        for n in 0..<100 {
            add("new-york/\(n).jpg", "2024-09-13", minutes: 840 + 5 * n, at: newYork) { draft in
                if n < 7 { draft.metadata.lensModel = "iPhone 15 Pro front camera 2.69mm f/1.9" }
            }
        }
        for day in 1...3 {
            for n in 0..<300 {
                add("tokyo/2024-11-0\(day)-\(n).jpg", "2024-11-0\(day)", minutes: 420 + 2 * n, at: tokyo) { draft in
                    if n % 25 == 24 { draft.metadata.rating = 5 }
                }
            }
        }
        drafts.append({
            var night = AlbumFixture.draft("/trips/tokyo/night.mp4", kind: .video, takenAt: "2024-11-02T00:30:00+09:00", root: "/trips")
            night.metadata.location = nil
            return night
        }())
        for n in 0..<5 { add("home/Screenshot \(n).png", "2024-12-01", minutes: 1200 + 5 * n, at: nil) { $0.subtypes = [.screenshot] } }
        for n in 0..<2 {
            add("home/Screen Recording \(n).mov", "2024-12-01", minutes: 1230 + 10 * n, at: nil) { $0.kind = .video }
        }
        return drafts
    }

    /// Records every draft in one run, then names the places (as an ingest does after it).
    static func record(into catalog: any Catalog) throws {
        let run = try catalog.beginRun(roots: ["/trips"])
        for draft in drafts() { _ = try catalog.record(draft, run: run) }
        _ = try PlaceIndexer(catalog: catalog).update()
        _ = try catalog.updateMoments()
    }

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text + "T12:00:00Z")!
    }

    static func dayText(_ date: Date) -> String {
        String(ISO8601DateFormatter().string(from: date).prefix(10))
    }
}
