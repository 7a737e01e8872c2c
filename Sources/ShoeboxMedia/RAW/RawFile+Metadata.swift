import CRaw
import Foundation

/// What LibRaw read of a RAW's own data (its TIFF tags, maker notes, or a format's own header:
/// CR3 boxes, CRW heaps, RAF and MRW blocks, X3F properties), as `PhotoMetadata`.
///
/// The RAW decoder prefers the file's EXIF where a TIFF structure holds it, and takes these for
/// what that lacks (`RawImageDecoder`): LibRaw names makes its own way (`Nikon`, not `NIKON
/// CORPORATION`) and keeps only a Unix time for the capture.
extension RawFile {
    static func metadata(_ data: libraw_data_t, orientation: Orientation) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.make = Self.text(data.idata.make)
        metadata.model = Self.text(data.idata.model)
        metadata.lensModel = Self.text(data.lens.Lens) ?? Self.text(data.lens.makernotes.Lens)
        let other = data.other
        metadata.iso = Double(other.iso_speed).roundedInt.flatMap { $0 > 0 ? $0 : nil }
        metadata.fNumber = other.aperture > 0 ? Double(other.aperture) : nil
        metadata.exposureTime = other.shutter > 0 ? Double(other.shutter) : nil
        metadata.focalLength = other.focal_len > 0 ? Double(other.focal_len) : nil
        metadata.location = Self.location(other.parsed_gps)
        metadata.orientation = orientation.rawValue
        metadata.takenAt = captureTime(other.timestamp)
        metadata.takenAtSource = metadata.takenAt == nil ? nil : .rawCaptureTime
        return metadata
    }

    /// The capture time as the camera's clock showed it. LibRaw turned the file's local date
    /// and time into a Unix time with `mktime`; `localtime_r` in the same process turns it back.
    private static func captureTime(_ timestamp: time_t) -> String? {
        var time = timestamp
        guard time > 0 else { return nil }
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    private static func location(_ gps: libraw_gps_info_t) -> GPSLocation? {
        guard gps.gpsparsed != 0 else { return nil }
        let latitude = degrees(gps.latitude) * (gps.latref == CChar(UInt8(ascii: "S")) ? -1 : 1)
        let longitude = degrees(gps.longitude) * (gps.longref == CChar(UInt8(ascii: "W")) ? -1 : 1)
        let altitude = gps.altitude.isFinite && gps.altitude != 0 ? Double(gps.altitude) * (gps.altref == 1 ? -1 : 1) : nil
        return GPSLocation.reading(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    private static func degrees(_ parts: (Float, Float, Float)) -> Double {
        Double(parts.0) + Double(parts.1) / 60 + Double(parts.2) / 3600
    }

    /// A fixed C char array (imported as a tuple) as cleaned text (`ExifText`).
    private static func text<Tuple>(_ tuple: Tuple) -> String? {
        withUnsafeBytes(of: tuple) { ExifText.clean($0) }
    }
}
