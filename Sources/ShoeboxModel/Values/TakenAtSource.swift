/// Where an asset's capture time came from: the tag, and the metadata block it was found in,
/// as the catalog stores it and `show` prints it (`Exif DateTimeOriginal`, `XMP xmp:CreateDate`).
///
/// Which one wins when a file holds several is `CaptureTimeChoice.order`; docs/METADATA.md lists
/// them all, with the files each comes from.
public enum TakenAtSource: String, Codable, Sendable, CaseIterable {
    /// The XMP sidecar beside the file (`IMG_1.jpg.xmp` or `IMG_1.xmp`): `XMPSidecar`.
    case sidecarDateTimeOriginal = "XMP sidecar exif:DateTimeOriginal"
    case sidecarDateTimeDigitized = "XMP sidecar exif:DateTimeDigitized"
    case sidecarCreateDate = "XMP sidecar xmp:CreateDate"
    case sidecarPhotoshopDateCreated = "XMP sidecar photoshop:DateCreated"
    /// `photoTakenTime.timestamp` in the Google Takeout JSON beside the file (`TakeoutJSON`), in UTC.
    case takeoutPhotoTakenTime = "Google Takeout photoTakenTime"
    /// EXIF DateTimeOriginal, with SubSecTimeOriginal and OffsetTimeOriginal.
    case exifDateTimeOriginal = "Exif DateTimeOriginal"
    /// EXIF DateTimeDigitized (exiftool's CreateDate), with SubSecTimeDigitized and OffsetTimeDigitized.
    case exifDateTimeDigitized = "Exif DateTimeDigitized"
    /// The capture time LibRaw reads from a RAW's own data where no EXIF block holds one
    /// (CR3, CRW, RAF, MRW, X3F, ...): the camera's local time, to the second.
    case rawCaptureTime = "RAW capture time (LibRaw)"
    /// IFD0 DateTime (exiftool's ModifyDate): when the file was last changed, often by an editor.
    case exifDateTime = "Exif IFD0 DateTime"
    /// GPSDateStamp and GPSTimeStamp, in UTC.
    case exifGPSDateTime = "Exif GPSDateStamp GPSTimeStamp"
    case xmpDateTimeOriginal = "XMP exif:DateTimeOriginal"
    case xmpDateTimeDigitized = "XMP exif:DateTimeDigitized"
    case xmpCreateDate = "XMP xmp:CreateDate"
    case xmpPhotoshopDateCreated = "XMP photoshop:DateCreated"
    case xmpModifyDate = "XMP xmp:ModifyDate"
    /// IPTC-IIM DateCreated (2:55), with TimeCreated (2:60) when there is one.
    case iptcDateCreated = "IPTC DateCreated"
    /// Apple's `com.apple.quicktime.creationdate`: local time with its offset.
    case quickTimeCreationDate = "QuickTime com.apple.quicktime.creationdate"
    /// The `©day` item (Android and iTunes-style tags).
    case quickTimeDay = "QuickTime ©day"
    /// The movie header's creation time, in UTC (often when the file was encoded).
    case quickTimeMovieCreationTime = "QuickTime mvhd CreationTime"
    /// The video track's media header creation time, in UTC.
    case quickTimeMediaCreationTime = "QuickTime mdhd CreationTime"
    case matroskaDateUTC = "Matroska DateUTC"
    /// An AVI file's `IDIT` chunk.
    case aviDateTimeOriginal = "AVI IDIT"
    /// No date in the file: its modification time stands in.
    case fileModificationTime = "FileModifyDate"

    /// A source as the catalog stored it, including the names Shoebox stored before sources
    /// named their block: `DateTimeOriginal`, `CreationDate`, and `CreateDate`, which was EXIF's
    /// DateTimeDigitized for a still and the container's creation time for a video. nil for
    /// text that names no source.
    public init?(stored text: String, format: MediaFormat?) {
        if let source = TakenAtSource(rawValue: text) {
            self = source
            return
        }
        switch text {
        case "DateTimeOriginal": self = .exifDateTimeOriginal
        case "CreationDate": self = .quickTimeCreationDate
        case "CreateDate":
            switch format {
            case .mp4?: self = .quickTimeMovieCreationTime
            case .matroska?: self = .matroskaDateUTC
            case .avi?: self = .aviDateTimeOriginal
            default: self = .exifDateTimeDigitized
            }
        default: return nil
        }
    }
}
