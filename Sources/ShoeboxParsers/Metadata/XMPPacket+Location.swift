/// The GPS position XMP holds, in the EXIF namespace: `exif:GPSLatitude`, `exif:GPSLongitude`
/// (`XMPCoordinate` text), `exif:GPSAltitude` (a rational, in metres) and `exif:GPSAltitudeRef`
/// (`1`: below sea level).
extension XMPPacket {
    /// The position, or nil when either coordinate is absent or unreadable, or when
    /// `GPSLocation.reading` refuses it (`0,0N` and `0,0E` together mean none, as in EXIF).
    package func location() -> GPSLocation? {
        let exif = Self.exifNamespace
        guard let latitude = values("GPSLatitude", namespace: exif).lazy
                .compactMap({ XMPCoordinate.degrees($0, allowed: "NS", limit: 90) }).first,
              let longitude = values("GPSLongitude", namespace: exif).lazy
                .compactMap({ XMPCoordinate.degrees($0, allowed: "EW", limit: 180) }).first else { return nil }
        let altitude = values("GPSAltitude", namespace: exif).lazy.compactMap(XMPCoordinate.rational).first
        let below = values("GPSAltitudeRef", namespace: exif).first == "1"
        return GPSLocation.reading(latitude: latitude, longitude: longitude, altitude: altitude.map { below ? -abs($0) : $0 })
    }
}
