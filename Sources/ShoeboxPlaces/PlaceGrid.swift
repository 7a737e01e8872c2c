import Foundation

/// Positions bucketed in cells of `cellDegrees` of latitude and longitude, so that a search
/// reads only the cells a circle of a given radius can touch: a window of rows around the
/// latitude and, in each, the columns the circle spans at that row's widest latitude (all of
/// them near a pole), wrapping at the antimeridian. Distances are compared as chords between
/// unit vectors (monotonic in the great-circle distance, and cheap).
struct PlaceGrid: Sendable {
    static let cellDegrees = 0.25
    static let rows = Int(180 / cellDegrees), columns = Int(360 / cellDegrees)

    /// The places of cell `c` are `order[cellStart[c] ..< cellStart[c + 1]]`.
    private let cellStart: [Int32]
    private let order: [Int32]
    /// Unit vectors, three a place, in the places' order.
    private let vectors: [Double]

    /// Positions in 1e-4 degrees, as the places data holds them.
    init(latitudes: [Int32], longitudes: [Int32]) {
        let positions = zip(latitudes, longitudes).map { (latitude: Double($0) / 1e4, longitude: Double($1) / 1e4) }
        var counts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
        let cells = positions.map { Self.cell(row: Self.row(of: $0.latitude), column: Self.column(of: $0.longitude)) }
        for cell in cells { counts[cell + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var next = counts
        var order = [Int32](repeating: 0, count: positions.count)
        for (index, cell) in cells.enumerated() {
            order[Int(next[cell])] = Int32(index)
            next[cell] += 1
        }
        (cellStart, self.order) = (counts, order)
        // Three values appended a place, not a three-value array made and flattened for each.
        var vectors: [Double] = []
        vectors.reserveCapacity(3 * positions.count)
        for position in positions { Self.appendVector(latitude: position.latitude, longitude: position.longitude, to: &vectors) }
        self.vectors = vectors
    }

    /// Every position within `radius` km, with its distance, in no order.
    func within(latitude: Double, longitude: Double, radius: Double) -> [(index: Int, distance: Double)] {
        let query = Self.vector(latitude: latitude, longitude: longitude)
        let limit = Self.chord(forKilometres: radius)
        var found: [(Int, Double)] = []
        visit(latitude: latitude, longitude: longitude, radius: radius) { index in
            let chord = chordSquared(index, query)
            if chord <= limit { found.append((index, Self.kilometres(forChordSquared: chord))) }
        }
        return found
    }

    private func visit(latitude: Double, longitude: Double, radius: Double, _ body: (Int) -> Void) {
        let degrees = radius / ReverseGeocoder.earthRadius * 180 / .pi
        let low = latitude - degrees, high = latitude + degrees
        let rows = Self.row(of: max(-90, low))...Self.row(of: min(90, high))
        var columns = Self.columns
        if low > -90 && high < 90 {
            let widest = max(abs(low), abs(high)) * .pi / 180
            let spread = asin(min(1, sin(radius / ReverseGeocoder.earthRadius) / cos(widest))) * 180 / .pi
            columns = min(Self.columns, Int((2 * spread / Self.cellDegrees).rounded(.up)) + 2)
        }
        let first = columns == Self.columns ? 0 : Self.column(of: longitude) - columns / 2
        for row in rows {
            for step in 0..<columns {
                let cell = Self.cell(row: row, column: ((first + step) % Self.columns + Self.columns) % Self.columns)
                for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) { body(Int(order[slot])) }
            }
        }
    }

    private func chordSquared(_ index: Int, _ query: [Double]) -> Double {
        let base = index * 3
        let dx = vectors[base] - query[0], dy = vectors[base + 1] - query[1], dz = vectors[base + 2] - query[2]
        return dx * dx + dy * dy + dz * dz
    }

    static func row(of latitude: Double) -> Int { min(rows - 1, max(0, Int((latitude + 90) / cellDegrees))) }
    static func column(of longitude: Double) -> Int { min(columns - 1, max(0, Int((longitude + 180) / cellDegrees))) }
    static func cell(row: Int, column: Int) -> Int { row * columns + column }

    static func vector(latitude: Double, longitude: Double) -> [Double] {
        var vector: [Double] = []
        appendVector(latitude: latitude, longitude: longitude, to: &vector)
        return vector
    }

    /// The unit vector of a position, its x, y and z appended to `vectors`.
    static func appendVector(latitude: Double, longitude: Double, to vectors: inout [Double]) {
        let (phi, lambda) = (latitude * .pi / 180, longitude * .pi / 180)
        let across = cos(phi)
        vectors.append(across * cos(lambda))
        vectors.append(across * sin(lambda))
        vectors.append(sin(phi))
    }

    /// The squared chord of an arc of `kilometres`.
    static func chord(forKilometres kilometres: Double) -> Double {
        let half = sin(kilometres / ReverseGeocoder.earthRadius / 2)
        return 4 * half * half
    }

    static func kilometres(forChordSquared chord: Double) -> Double {
        2 * asin(min(1, sqrt(chord) / 2)) * ReverseGeocoder.earthRadius
    }
}
