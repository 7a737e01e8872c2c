import Foundation
import Testing
import ShoeboxModel
@testable import ShoeboxPlaces

/// The places data file read as the hostile input any file may be: a damaged or cut file is
/// refused with where and why, never read past its end or allowed to allocate what it claims.
@Suite struct PlaceDataTests {
    /// A well-formed file of one country and one place, as `scripts/make-places.py` writes it.
    static func file(strings: [String] = ["PT", "Portugal", "Lisbon", "Europe/Lisbon"], countries: [(UInt32, UInt32)] = [(0, 1)],
                     places: [[UInt32]] = [[UInt32(bitPattern: 387_223), UInt32(bitPattern: -91_393), 2, 0, 2, 3, 517_802]],
                     placeCount: UInt32? = nil) -> Data {
        var data = Data("SBPLACE1".utf8)
        func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let utf8 = strings.map { Array($0.utf8) }
        u32(UInt32(strings.count)); u32(UInt32(utf8.map(\.count).reduce(0, +))); u32(UInt32(countries.count))
        u32(placeCount ?? UInt32(places.count))
        var offset: UInt32 = 0
        u32(0)
        for string in utf8 { offset += UInt32(string.count); u32(offset) }
        for string in utf8 { data.append(contentsOf: string) }
        for (code, name) in countries { u32(code); u32(name) }
        for place in places { place.forEach(u32) }
        return data
    }

    func read(_ data: Data) throws -> PlaceData {
        try data.withUnsafeBytes { try PlaceData(reading: $0, path: "test.bin") }
    }

    @Test func aWellFormedFileReadsItsPlace() throws {
        let data = try read(Self.file())
        #expect(data.count == 1)
        #expect(data.place(0, naming: true) == Place(city: "Lisbon", region: "Lisbon", country: "Portugal", countryCode: "PT",
                                                     timeZone: "Europe/Lisbon"))
    }

    @Test func aCutFileIsRefused() throws {
        let whole = Self.file()
        for length in [0, 7, 20, whole.count - 1] {
            #expect(throws: PlaceDataError.self, "cut at \(length)") { try read(whole.prefix(length)) }
        }
    }

    @Test func anotherFormatIsRefused() {
        var other = Self.file()
        other[0] = UInt8(ascii: "X")
        #expect(throws: PlaceDataError.malformed(path: "test.bin", offset: 8, reason: "not Shoebox places data")) { try read(other) }
    }

    /// A count the file cannot hold is refused before anything is allocated for it.
    @Test func aCountLargerThanTheFileIsRefused() {
        #expect(throws: PlaceDataError.malformed(path: "test.bin", offset: 24, reason: "a count of 4000000000 that the file cannot hold")) {
            try read(Self.file(placeCount: 4_000_000_000))
        }
    }

    @Test func anIndexPastItsTableIsRefused() {
        let badName: [UInt32] = [0, 0, 99, 0, 2, 3, 1]
        #expect(throws: PlaceDataError.self) { try read(Self.file(places: [badName])) }
        let badCountry: [UInt32] = [0, 0, 2, 5, 2, 3, 1]
        #expect(throws: PlaceDataError.self) { try read(Self.file(places: [badCountry])) }
        #expect(throws: PlaceDataError.self) { try read(Self.file(countries: [(0, 40)])) }
    }

    @Test func aPositionOffTheGlobeIsRefused() {
        let north: [UInt32] = [900_001, 0, 2, 0, 2, 3, 1]
        #expect(throws: PlaceDataError.malformed(path: "test.bin", offset: 89, reason: "a position outside the globe")) {
            try read(Self.file(places: [north]))
        }
    }

    @Test func aFileThatIsNoGzipOrInflatesPastTheBudgetIsRefused() throws {
        let folder = try TemporaryFolder()
        let plain = folder.url.appendingPathComponent("plain.bin.gz")
        try Self.file().write(to: plain)
        #expect(throws: PlaceDataError.notInflatable(path: plain.path, reason: "not a gzip stream, or a damaged one")) {
            try PlaceData.load(from: plain)
        }
        let zeros = folder.url.appendingPathComponent("zeros")
        try Data(count: PlaceData.inflatedBudget + 1).write(to: zeros)
        _ = try FixtureTool.run("gzip", [zeros.path])
        let bomb = URL(fileURLWithPath: zeros.path + ".gz")
        #expect(throws: PlaceDataError.notInflatable(path: bomb.path, reason: "it inflates to more than 40 MB")) {
            try PlaceData.load(from: bomb)
        }
    }

    @Test func theCommittedDataIsFoundAndWhole() throws {
        let data = try PlaceData.loadInstalled()
        #expect(data.count > 150_000, "GeoNames' places of 1,000 people or more")
        #expect(try PlaceData.version(of: PlaceDataLocator.locate()).hasPrefix("geonames-"))
    }
}
