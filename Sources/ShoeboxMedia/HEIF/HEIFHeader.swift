import Foundation

/// A HEIF's (HEIC's, AVIF's) stored size and metadata blocks read from its boxes, as
/// libvips's HEIF loader gives them for its header (through libheif, transformations not
/// applied), without starting libvips or mapping libheif.
///
/// What libvips gives, and so this: the primary image's `ispe` size; its last `Exif` item
/// (by item id) described by a `cdsc` reference, without the item's 4-byte offset field; its
/// last `mime` item starting `<x:xmpmeta`, as XMP; no IPTC. Only a file whose boxes this
/// subset of the format reads, and that libheif would open, gets a header (`init?` is nil
/// otherwise: no `ftyp` brand libheif takes, no `pict` handler, a primary image that is not one
/// coded picture with its coding configuration and size, a reference libheif refuses): the caller asks libvips then.
package struct HEIFHeader: StillHeader {
    package let width: Int
    package let height: Int
    package let exifData: Data?
    package let xmpData: Data?
    package var iptcData: Data? { nil }

    /// libheif's largest side (`MAX_IMAGE_WIDTH`, `MAX_IMAGE_HEIGHT`): larger fails its open.
    static let maxSide = 32768
    /// The brands libheif opens a file by (one must be among `ftyp`'s compatible brands).
    static let brands: Set<String> = ["heic", "heix", "mif1", "avif"]
    /// Primary images read here: one coded picture. A grid's tiles libheif checks at open.
    static let codedImageTypes: Set<String> = ["hvc1", "av01"]
    /// Item types libheif reads as images, the targets a `cdsc` reference may name.
    static let imageTypes: Set<String> = ["hvc1", "av01", "grid", "iden", "iovl", "jpeg", "mski", "unci"]
    /// libvips reads at most this many metadata items.
    static let maxMetadataItems = 16

    package init?(_ bytes: UnsafeRawBufferPointer) {
        guard Self.opensInLibheif(bytes), let container = HEIFContainer.parse(bytes),
              let primary = container.primary, Self.codedImageTypes.contains(primary.type), Self.hasCodingConfiguration(primary),
              let size = Self.size(of: primary), Self.sizesAreWithinLimits(container),
              let metadata = Self.metadataItems(of: primary.id, in: container),
              metadata.count <= Self.maxMetadataItems else { return nil }
        var exif: Data?, xmp: Data?
        for item in metadata {
            guard let data = item.withData(in: bytes, { Data($0) }) else { return nil }
            if item.type == "Exif" {
                guard data.count >= 4 else { return nil }
                exif = data.count > 4 ? data.dropFirst(4) : nil
            } else if data.starts(with: Array("<x:xmpmeta".utf8)) {
                xmp = data
            }
        }
        (width, height) = size
        (exifData, xmpData) = (exif.map { Data($0) }, xmp)
    }

    /// The `ftyp` names a brand libheif takes, and `meta` has the `pict` handler.
    private static func opensInLibheif(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let top = ISOBox.children(of: bytes, from: 0, to: bytes.count),
              let ftyp = top.first(where: { $0.type == "ftyp" }),
              let meta = top.first(where: { $0.type == "meta" }),
              let boxes = ISOBox.children(of: bytes, from: meta.start + 4, to: meta.end),
              let hdlr = boxes.first(where: { $0.type == "hdlr" }) else { return false }
        var brands = ftyp.cursor(in: bytes)
        guard brands.skip(8) else { return false }
        var compatible: Set<String> = []
        while let brand = brands.fourCC() { compatible.insert(brand) }
        var handler = hdlr.cursor(in: bytes)
        return !compatible.isDisjoint(with: Self.brands) && handler.skip(8) && handler.fourCC() == "pict"
    }

    /// The image's `hvcC` or `av1C`: libvips asks libheif for its bit depth from it at open.
    private static func hasCodingConfiguration(_ item: HEIFContainer.Item) -> Bool {
        item.properties.contains { property in
            switch property {
            case .hevcConfiguration: return item.type == "hvc1"
            case .av1Configuration: return item.type == "av01"
            default: return false
            }
        }
    }

    /// The one `ispe` of the image, each side 1 to under `maxSide`.
    private static func size(of item: HEIFContainer.Item) -> (Int, Int)? {
        let sizes = item.properties.compactMap { property -> (Int, Int)? in
            if case let .spatialExtent(width, height) = property { return (width, height) }
            return nil
        }
        guard sizes.count == 1, let (width, height) = sizes.first,
              (1..<maxSide).contains(width), (1..<maxSide).contains(height) else { return nil }
        return (width, height)
    }

    /// Every image's `ispe` under libheif's limit: it refuses the file at open otherwise.
    private static func sizesAreWithinLimits(_ container: HEIFContainer) -> Bool {
        container.items.values.allSatisfy { item in
            item.properties.allSatisfy { property in
                if case let .spatialExtent(width, height) = property { return width < maxSide && height < maxSide }
                return true
            }
        }
    }

    /// The `Exif` and `mime` items describing image `id`, by item id; nil when any metadata
    /// item's `cdsc` reference is one libheif refuses (not exactly one target, or no image).
    private static func metadataItems(of id: Int, in container: HEIFContainer) -> [HEIFContainer.Item]? {
        var found: [HEIFContainer.Item] = []
        for item in container.items.values.sorted(by: { $0.id < $1.id }) where item.type == "Exif" || item.type == "mime" {
            for reference in container.references where reference.from == item.id && reference.type == "cdsc" {
                guard reference.to.count == 1, let target = container.items[reference.to[0]],
                      imageTypes.contains(target.type) else { return nil }
                if target.id == id { found.append(item) }
            }
        }
        return found
    }
}
