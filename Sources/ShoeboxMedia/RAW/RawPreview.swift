import Foundation

/// The largest preview a RAW file embeds, as LibRaw unpacks it: most cameras store a JPEG,
/// a few (and some DNG writers) an 8-bit RGB bitmap. It is in the sensor's stored orientation:
/// the RAW's flip (`RawFile.orientation`) turns it upright, whatever its own EXIF says.
package enum RawPreview {
    case jpeg(SourceBytes)
    case rgb(width: Int, height: Int, pixels: Data)
}
