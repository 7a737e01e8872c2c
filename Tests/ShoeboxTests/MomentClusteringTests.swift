import Foundation
import Testing
@testable import ShoeboxModel

/// How the library is cut into moments (`MomentClustering`) and how they are titled
/// (`MomentTitle`).
@Suite struct MomentClusteringTests {
    static let lisbon = Place(city: "Lisbon", region: "Lisbon", country: "Portugal", countryCode: "PT", timeZone: "Europe/Lisbon")
    static let sintra = Place(city: "Sintra", region: "Lisbon", country: "Portugal", countryCode: "PT", timeZone: "Europe/Lisbon")
    static let porto = Place(city: "Porto", region: "Porto", country: "Portugal", countryCode: "PT", timeZone: "Europe/Lisbon")

    func asset(_ id: Int64, _ takenAt: String, offset: Int? = nil, at place: Place? = nil, _ latitude: Double? = nil,
               _ longitude: Double? = nil, kind: AssetKind = .photo) -> MomentCandidate {
        let location = latitude.flatMap { lat in longitude.map { GPSLocation(latitude: lat, longitude: $0) } }
        return MomentCandidate(id: id, kind: kind, takenAt: takenAt, offset: offset, location: location, place: place)
    }

    func cut(_ assets: [MomentCandidate]) -> [[Int64]] {
        MomentClustering.groups(assets).map { $0.map { assets[$0].id } }
    }

    @Test func moreThanSixHoursApartStartsANewMoment() {
        let day = [asset(1, "2025-05-03T09:00:00"), asset(2, "2025-05-03T14:59:00"), asset(3, "2025-05-03T21:00:00"),
                   asset(4, "2025-05-04T03:00:00")]
        #expect(cut(day) == [[1, 2], [3, 4]], "5 h 59 min joins; 6 h 1 min splits; exactly 6 h joins")
    }

    @Test func aJumpOfMoreThan50KilometresStartsANewMoment() {
        let trip = [asset(1, "2025-05-03T09:00:00", at: Self.lisbon, 38.72, -9.14),
                    asset(2, "2025-05-03T10:00:00", at: Self.sintra, 38.80, -9.39),   // 23 km: the same moment
                    asset(3, "2025-05-03T11:00:00"),                                   // no position: the same
                    asset(4, "2025-05-03T13:00:00", at: Self.porto, 41.15, -8.61)]     // 270 km: a new one
        #expect(cut(trip) == [[1, 2, 3], [4]])
    }

    /// New York at 18:00 (-04:00) is after London at 20:00 (+01:00) of the same day.
    @Test func assetsAreOrderedByTheInstantTheyWereTaken() {
        let flight = [asset(1, "2025-05-03T20:00:00", offset: 3600), asset(2, "2025-05-03T18:00:00-04:00"),
                      asset(3, "2025-05-03T19:00:00", offset: 3600)]
        #expect(cut(flight) == [[3, 1, 2]])
    }

    /// The id is the smallest asset id: kept when photos join it (later ids), and when it
    /// absorbs the next moment.
    @Test func aMomentKeepsItsIdWhenAssetsJoinIt() {
        let before = [asset(10, "2025-05-03T09:00:00"), asset(11, "2025-05-03T10:00:00"), asset(12, "2025-05-03T23:00:00")]
        #expect(MomentClustering.moments(before).map(\.id) == [10, 12])
        let after = before + [asset(20, "2025-05-03T09:30:00"), asset(21, "2025-05-03T16:00:00"),
                              asset(22, "2025-05-03T20:00:00")]   // 21 and 22 bridge the gap
        #expect(MomentClustering.moments(after).map(\.id) == [10])
        #expect(cut(after) == [[10, 20, 11, 21, 22, 12]])
    }

    @Test func aMomentHasItsSpanCountsAndNewestAsCover() throws {
        let moment = try #require(MomentClustering.moments([asset(3, "2025-05-03T09:00:00", kind: .video), asset(1, "2025-05-03T10:00:00"),
                                                            asset(2, "2025-05-03T11:00:00.500")]).first)
        #expect(moment.start == "2025-05-03T09:00:00" && moment.end == "2025-05-03T11:00:00.500")
        #expect(moment.counts == KindCounts([.video: 1, .photo: 2]) && moment.coverAssetID == 2 && moment.id == 1)
        #expect(moment.count == 3 && moment.endInstant - moment.startInstant == 7200.5, "UTC instants: no offset is taken as UTC")
    }

    @Test(arguments: [
        ([lisbon, lisbon], "Lisbon, Portugal"),
        ([sintra, lisbon, lisbon], "Lisbon and Sintra"),                 // the most photographed first
        ([lisbon, sintra, porto], "Lisbon, Sintra and Porto"),
        ([lisbon, sintra, porto, Place(city: nil, region: nil, country: "Spain", countryCode: "ES", timeZone: nil)],
         "Lisbon, Sintra and 2 more"),
        ([], "Saturday 3 May 2025"),
    ] as [([Place], String)])
    func aMomentIsTitledByItsPlacesElseItsDay(places: [Place], title: String) {
        #expect(MomentTitle.title(places: places, start: "2025-05-03T09:00:00") == title)
    }

    @Test func aDayAloneIsADay() {
        #expect(MomentTitle.title(places: [], start: "2004-02-26") == "Thursday 26 February 2004")
        #expect(cut([asset(1, "2004-02-26"), asset(2, "2004-02-26T05:00:00")]) == [[1, 2]])
    }
}

/// A moment's days as the gallery shows them (`MomentDates`).
@Suite struct MomentDatesTests {
    @Test(arguments: [
        ("2025-05-03T09:00:00", "2025-05-03T21:00:00+02:00", "Saturday 3 May 2025"),
        ("2025-05-03T09:00:00", "2025-05-05T10:00:00", "3–5 May 2025"),
        ("2025-04-30T09:00:00", "2025-05-02T10:00:00", "30 April – 2 May 2025"),
        ("2024-12-30T22:00:00", "2025-01-02T01:00:00", "30 December 2024 – 2 January 2025"),
        ("2004-02-26", "2004-02-26T05:00:00", "Thursday 26 February 2004"),
    ])
    func daysAreSaidAsAPersonSaysThem(start: String, end: String, expected: String) {
        #expect(MomentDates.text(start: start, end: end) == expected)
    }
}
