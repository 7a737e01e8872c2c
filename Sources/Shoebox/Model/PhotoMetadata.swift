/// What the EXIF block of a photo says, sanitised, with nothing invented.
///
/// Every field is optional: absent in the file means nil here. Strings have control
/// characters removed and invalid UTF-8 replaced, so they are safe to print and store.
public struct PhotoMetadata: Equatable, Sendable, Codable {
    /// The EXIF orientation as stored (1...8), nil when the tag is absent or out of range.
    public var orientation: Int?
    /// The capture time as ISO 8601 local time, with fraction and offset when the file has them
    /// (`2024-05-01T10:00:00.250+02:00`).
    public var takenAt: String?
    /// Which tag `takenAt` came from, so that a wrong date explains itself.
    public var takenAtSource: TakenAtSource?
    public var make: String?
    public var model: String?
    public var lensModel: String?
    public var iso: Int?
    public var fNumber: Double?
    /// Exposure time in seconds.
    public var exposureTime: Double?
    /// Focal length in millimetres.
    public var focalLength: Double?
    public var location: GPSLocation?

    public init() {}
}

/// Where an asset's capture time came from.
public enum TakenAtSource: String, Codable, Sendable {
    case dateTimeOriginal = "DateTimeOriginal"
    case createDate = "CreateDate"
    /// No date tag: the file's modification time stands in.
    case fileModificationTime = "FileModifyDate"
    /// A video's QuickTime `com.apple.quicktime.creationdate` (local time with its offset).
    case creationDate = "CreationDate"
}

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
}
