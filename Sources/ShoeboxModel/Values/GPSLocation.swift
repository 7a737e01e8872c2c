/// A GPS position in signed decimal degrees (south and west negative) and metres
/// (below sea level negative).
public struct GPSLocation: Equatable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// The one gate every reader's position passes (EXIF, XMP, video containers, sidecars):
    /// nil for a position off the globe and for exactly 0,0, which is what cameras without a
    /// fix and editors that blank a GPS block write, never a real photo's place (a photo at
    /// Null Island is rarer than a zeroed block by orders of magnitude). An altitude outside
    /// `plausibleAltitudes` is dropped and the position kept.
    public static func reading(latitude: Double, longitude: Double, altitude: Double?) -> GPSLocation? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              latitude != 0 || longitude != 0 else { return nil }
        let metres = altitude.flatMap { plausibleAltitudes.contains($0) ? $0 : nil }
        return GPSLocation(latitude: latitude, longitude: longitude, altitude: metres)
    }

    /// From the Dead Sea shore's depth with room to spare up to a stratospheric balloon's
    /// height: anything beyond is a broken value, not a place.
    public static let plausibleAltitudes: ClosedRange<Double> = -12_000...100_000

    /// EXIF's `GPSAltitude` (an unsigned rational) with `GPSAltitudeRef` (1: below sea level).
    /// Some writers store a negative altitude as a signed number in the unsigned field:
    /// 4294967284/1 is -12 m, not 4 billion metres. A numerator with the sign bit set is read
    /// that way, already negative, whatever the reference says.
    public static func exifAltitude(numerator: UInt32, denominator: UInt32, belowSeaLevel: Bool) -> Double? {
        guard denominator != 0 else { return nil }
        if numerator >= 0x8000_0000 { return Double(Int32(bitPattern: numerator)) / Double(denominator) }
        let metres = Double(numerator) / Double(denominator)
        return belowSeaLevel ? -metres : metres
    }
}
