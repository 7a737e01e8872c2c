import Foundation

/// What a still's metadata is read from besides its bytes: its stored pixel size and the
/// metadata blocks its loader hands over. libvips's header (`VipsImage.header`) gives them for
/// every still format; `JPEGHeader` and `HEIFHeader` read the same from a JPEG's segments and
/// a HEIF's boxes without starting libvips, for callers that need no pixels (`FileMetadataReader`).
///
/// A conforming type must give what libvips's loader would for the same bytes: the size before
/// any orientation is applied, and the blocks byte for byte as the loader attaches them.
package protocol StillHeader {
    var width: Int { get }
    var height: Int { get }
    /// The raw EXIF block (a JPEG APP1 payload from its `Exif` prefix on).
    var exifData: Data? { get }
    /// The XMP block as the loader found it.
    var xmpData: Data? { get }
    /// The IPTC block (a JPEG's APP13 Photoshop image resources).
    var iptcData: Data? { get }
}

