/// What a photo or video says about itself (EXIF, XMP, IPTC, container tags), sanitised, with
/// nothing invented: the one stand-in is the file's modification time for a file without any
/// capture date, and `takenAtSource` then says so.
///
/// Every field is optional: absent in the file means nil here. Strings have control
/// characters removed and invalid UTF-8 replaced, so they are safe to print and store.
public struct PhotoMetadata: Equatable, Sendable, Codable {
    /// The EXIF orientation as stored (1...8), nil when the tag is absent or out of range.
    public var orientation: Int?
    /// The capture time in ISO 8601 as the file wrote it: local time, with fraction and offset
    /// when the file has them (`2024-05-01T10:00:00.250+02:00`), `Z` for the UTC times of video
    /// containers, GPS and the file's own time, and only the day (`2004-02-26`) when the file
    /// gives no time of day (IPTC, XMP `photoshop:DateCreated`).
    public var takenAt: String?
    /// Which tag, in which metadata block, `takenAt` came from, so that a wrong date explains
    /// itself (`CaptureTimeChoice` picks it among all the dates a file holds).
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
    /// Which place `location` came from: the file, or a sidecar that overrides it.
    public var locationSource: LocationSource?
    /// `xmp:Rating`: -1 (rejected), 0 (none) to 5 stars.
    public var rating: Int?
    /// `dc:title`'s default-language text.
    public var title: String?
    /// `dc:description`'s default-language text (a caption).
    public var description: String?
    /// `dc:subject` (else `lr:hierarchicalSubject`), in order; empty for none.
    public var keywords: [String] = []

    public init() {}
}
