/// Whether a photo carries a depth map (or a portrait matte), which makes it a Portrait
/// (PhotoKit's `photoDepthEffect`): what phones record for a picture they blur behind the
/// subject, and keep so that the blur can be changed later.
///
/// A HEIF says so with an auxiliary image of a depth type (its `auxC` box): ISO's depth
/// (`urn:mpeg:hevc:2015:auxid:2`, `urn:mpeg:mpegB:cicp:systems:auxiliary:depth`, as iPhones
/// and libheif write it) or Apple's portrait effects matte. A JPEG says so in its XMP: Google's
/// depth map (`GDepth:Format`, required by that format; the data itself may sit in the
/// extended packet) or a container item whose semantic is `Depth`. An HDR gain map, an alpha
/// plane or a thumbnail is not depth.
public enum DepthEvidence {
    /// `auxC` types that hold depth, disparity or a portrait matte.
    public static let depthAuxiliaryTypes: Set<String> = [
        "urn:mpeg:hevc:2015:auxid:2",
        "urn:mpeg:mpegB:cicp:systems:auxiliary:depth",
        "urn:com:apple:photo:2018:aux:portraiteffectsmatte",
    ]
    static let googleDepthNamespace = "http://ns.google.com/photos/1.0/depthmap/"
    static let containerItemNamespace = "http://ns.google.com/photos/1.0/container/item/"

    package static func isPresent(container: HEIFContainer?, xmp: XMPPacket?) -> Bool {
        hasDepthImage(container) || hasDepthMap(xmp)
    }

    package static func hasDepthImage(_ container: HEIFContainer?) -> Bool {
        guard let container else { return false }
        return container.items.values.contains { item in
            item.properties.contains { property in
                if case let .auxiliaryType(type) = property { return depthAuxiliaryTypes.contains(type) }
                return false
            }
        }
    }

    public static func hasDepthMap(_ xmp: XMPPacket?) -> Bool {
        guard let xmp else { return false }
        return !xmp.values("Format", namespace: googleDepthNamespace).isEmpty
            || xmp.values("Semantic", namespace: containerItemNamespace).contains("Depth")
    }
}
