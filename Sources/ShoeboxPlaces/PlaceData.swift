import CZlib
import Foundation
import ShoeboxModel

/// The populated places of the places data file (`scripts/make-places.py` says its layout):
/// columns of positions, populations and string indexes, and one table of strings, from
/// which a `Place` is made only for a position being named.
///
/// Every count and index is checked against the file's size before anything is allocated or
/// read (a damaged file is `PlaceDataError.malformed`), and the file may inflate to at most
/// `inflatedBudget` bytes.
public struct PlaceData: Sendable {
    /// Positions in 1e-4 degrees.
    public private(set) var latitudes: [Int32] = []
    public private(set) var longitudes: [Int32] = []
    private(set) var names: [UInt32] = []
    private(set) var countries: [UInt32] = []
    private(set) var regions: [Int32] = []
    private(set) var zones: [Int32] = []
    public private(set) var populations: [UInt32] = []
    private var countryCodes: [String] = []
    private var countryNames: [String] = []
    private var strings = PlaceStrings()

    public var count: Int { latitudes.count }

    /// The file inflates to about 6.5 MB; six times that is refused.
    public static let inflatedBudget = 40 << 20
    static let magic = Array("SBPLACE1".utf8)

    public static func load(from url: URL) throws -> PlaceData {
        let compressed: Data
        do { compressed = try Data(contentsOf: url) } catch {
            throw PlaceDataError.unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        let bytes = try inflate(compressed, path: url.path)
        return try bytes.withUnsafeBytes { try PlaceData(reading: $0, path: url.path) }
    }

    /// The places of the file `PlaceDataLocator` finds.
    public static func loadInstalled() throws -> PlaceData {
        try load(from: PlaceDataLocator.locate())
    }

    /// Which places data a file holds: its size and CRC-32 (zlib's, fast enough to pay at
    /// every ingest), which the catalog keeps beside each place it named, so that other data
    /// names them again.
    public static func version(of url: URL) throws -> String {
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch {
            throw PlaceDataError.unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        let crc = bytes.withUnsafeBytes { raw in
            stride(from: 0, to: raw.count, by: 1 << 30).reduce(crc32(0, nil, 0)) { crc, start in
                let chunk = UnsafeRawBufferPointer(rebasing: raw[start..<min(raw.count, start + (1 << 30))])
                return crc32(crc, chunk.bindMemory(to: Bytef.self).baseAddress, uInt(chunk.count))
            }
        }
        return "geonames-\(bytes.count)-" + String(crc, radix: 16)
    }

    /// Place `index` as a person reads it; `naming` false leaves out the city and the region.
    public func place(_ index: Int, naming: Bool) -> Place {
        let country = Int(countries[index])
        return Place(city: naming ? strings[Int(names[index])] : nil,
                     region: naming && regions[index] >= 0 ? strings[Int(regions[index])] : nil,
                     country: countryNames[country], countryCode: countryCodes[country],
                     timeZone: zones[index] >= 0 ? strings[Int(zones[index])] : nil)
    }

    /// Whether two places are in one country.
    public func sameCountry(_ a: Int, _ b: Int) -> Bool { countries[a] == countries[b] }

    static func inflate(_ data: Data, path: String) throws -> Data {
        var out = Data(count: inflatedBudget)
        let written = out.withUnsafeMutableBytes { target in
            data.withUnsafeBytes { sb_gzip_inflate($0.baseAddress, $0.count, target.baseAddress, target.count) }
        }
        switch written {
        case -2: throw PlaceDataError.notInflatable(path: path, reason: "it inflates to more than \(inflatedBudget >> 20) MB")
        case ..<0: throw PlaceDataError.notInflatable(path: path, reason: "not a gzip stream, or a damaged one")
        default: return out.prefix(Int(written))
        }
    }

    init(reading raw: UnsafeRawBufferPointer, path: String) throws {
        var reader = PlaceDataReader(raw, path: path)
        guard try reader.bytes(Self.magic.count).elementsEqual(Self.magic) else { throw reader.malformed("not Shoebox places data") }
        let (stringCount, stringBytes) = (try reader.count(each: 4), try reader.count(each: 1))
        let (countryCount, placeCount) = (try reader.count(each: 8), try reader.count(each: 28))
        strings = try PlaceStrings(&reader, count: stringCount, bytes: stringBytes)
        for _ in 0..<countryCount {
            countryCodes.append(try strings.checked(Int(try reader.u32()), reader))
            countryNames.append(try strings.checked(Int(try reader.u32()), reader))
        }
        try readPlaces(&reader, count: placeCount, countries: countryCount)
    }

    private mutating func readPlaces(_ reader: inout PlaceDataReader, count: Int, countries countryCount: Int) throws {
        for column in [\PlaceData.latitudes, \.longitudes] as [WritableKeyPath<PlaceData, [Int32]>] {
            self[keyPath: column].reserveCapacity(count)
        }
        for _ in 0..<count {
            let (latitude, longitude) = (try reader.i32(), try reader.i32())
            guard abs(latitude) <= 900_000, abs(longitude) <= 1_800_000 else { throw reader.malformed("a position outside the globe") }
            let (name, country, region, zone, population) = (try reader.u32(), try reader.u32(), try reader.i32(), try reader.i32(),
                                                            try reader.u32())
            guard Int(name) < strings.count, Int(country) < countryCount, region < strings.count, zone < strings.count,
                  region >= -1, zone >= -1 else { throw reader.malformed("an index past its table") }
            latitudes.append(latitude)
            longitudes.append(longitude)
            names.append(name)
            countries.append(country)
            regions.append(region)
            zones.append(zone)
            populations.append(population)
        }
    }
}
