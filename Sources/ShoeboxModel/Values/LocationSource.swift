/// Where an asset's GPS position came from, as the catalog stores it and `show` prints it
/// (`locationSource`), so that a wrong pin explains itself. A sidecar's position overrides the
/// one inside the file, as Immich and digiKam do: the XMP sidecar first, then Google Takeout's.
public enum LocationSource: String, Codable, Sendable, CaseIterable {
    /// `exif:GPSLatitude` and `exif:GPSLongitude` in the XMP sidecar beside the file.
    case xmpSidecar = "XMP sidecar exif:GPSLatitude"
    /// `geoData` in the Google Takeout JSON beside the file.
    case takeoutGeoData = "Google Takeout geoData"
    /// The file's EXIF GPS IFD.
    case exifGPS = "Exif GPS"
    /// `exif:GPSLatitude` and `exif:GPSLongitude` in the file's own XMP, when its EXIF has none.
    case xmpGPS = "XMP exif:GPSLatitude"
    /// A video's ISO 6709 location (`com.apple.quicktime.location.ISO6709`, Android's `location`).
    case quickTimeLocation = "QuickTime ISO6709"
}
