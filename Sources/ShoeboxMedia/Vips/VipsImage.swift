import CVips
import Foundation

/// An owned libvips image. Immutable once made: every operation returns a new image.
///
/// libvips images are reference counted GObjects that are safe to read from any thread,
/// so a `VipsImage` may cross queues (it is handed from stage to stage, never shared
/// between two stages at once).
public final class VipsImage: @unchecked Sendable {
    package let pointer: UnsafeMutablePointer<CVips.VipsImage>
    /// Bytes the image may still read from lazily (buffer loaders do not copy their input).
    private let backing: SourceBytes?

    init(owning pointer: UnsafeMutablePointer<CVips.VipsImage>, backing: SourceBytes? = nil) {
        self.pointer = pointer
        self.backing = backing
    }

    deinit { g_object_unref(pointer) }

    public var width: Int { Int(vips_image_get_width(pointer)) }
    public var height: Int { Int(vips_image_get_height(pointer)) }
    public var bands: Int { Int(vips_image_get_bands(pointer)) }
    /// Bytes of one pixel as the loader delivers it: every band at its sample size.
    public var bytesPerPixel: Int { bands * Int(vips_format_sizeof(vips_image_get_format(pointer))) }

    /// The EXIF orientation libvips read from the header (1 when there is none).
    public var orientationTag: Int { Int(vips_image_get_orientation(pointer)) }

    /// Whether the header carries an ICC profile.
    public var hasICCProfile: Bool { sb_vips_has_field(pointer, "icc-profile-data") != 0 }

    /// The raw EXIF block libvips found (JPEG APP1, HEIF Exif item, PNG eXIf, WebP EXIF chunk).
    public var exifData: Data? { blob(named: "exif-data") }

    /// The XMP packet libvips found (JPEG APP1, PNG iTXt, even compressed, WebP `XMP ` chunk, TIFF tag 700).
    public var xmpData: Data? { blob(named: "xmp-data") }

    /// The IPTC block libvips found: a JPEG's APP13 (Photoshop image resources), a TIFF's IPTC tag.
    public var iptcData: Data? { blob(named: "iptc-data") }

    /// The name of the loader libvips used, e.g. `jpegload_buffer`.
    public var loaderName: String? { sb_vips_loader(pointer).map { String(cString: $0) } }

    package func blob(named name: String) -> Data? {
        guard sb_vips_has_field(pointer, name) != 0 else { return nil }
        var area: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(pointer, name, &area, &length) == 0, let area, length > 0 else { return nil }
        return Data(bytes: area, count: length)
    }

    /// Sets a metadata blob (an ICC profile) on an image no one else holds yet.
    func setBlob(named name: String, to data: Data) {
        data.withUnsafeBytes { vips_image_set_blob_copy(pointer, name, $0.baseAddress, $0.count) }
    }

    /// Runs a libvips call that yields a new image, turning failure into `MediaError.vips`.
    package static func make(_ operation: String, backing: SourceBytes? = nil,
                     _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CVips.VipsImage>?>) -> Int32) throws -> VipsImage {
        var out: UnsafeMutablePointer<CVips.VipsImage>?
        let rc = LibraryClock.measure(.libvips) { body(&out) }
        guard rc == 0, let out else {
            if let out { g_object_unref(out) }
            throw MediaError.vips(operation: operation, message: Vips.takeErrorMessage())
        }
        return VipsImage(owning: out, backing: backing)
    }
}
