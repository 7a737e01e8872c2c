import CVips
import Foundation

extension VipsImage {
    /// A `side` x `side` square around the most interesting part of the image, by libvips's
    /// attention strategy (edges, skin tones, saturated colour): a subject away from the
    /// centre stays in frame. The image must be at least `side` pixels each way.
    public func smartCroppedSquare(side: Int) throws -> VipsImage {
        try Self.make("smartcrop") { sb_vips_smartcrop_attention(pointer, $0, Int32(side)) }
    }

    /// One to four `tile` x `tile` images (8-bit, 3 bands) in a 2x2 mosaic, left to right then
    /// top to bottom; a cell without an image is mid-grey.
    public static func mosaic(_ tiles: [VipsImage], tile: Int) throws -> VipsImage {
        guard (1...4).contains(tiles.count) else {
            throw MediaError.vips(operation: "mosaic", message: "a mosaic takes 1 to 4 images, not \(tiles.count)")
        }
        var pointers: [UnsafeMutablePointer<CVips.VipsImage>?] = tiles.map(\.pointer)
        // libvips takes its own references to the tiles, so the mosaic outlives them.
        return try withExtendedLifetime(tiles) {
            try make("mosaic") { out in
                pointers.withUnsafeMutableBufferPointer { sb_vips_mosaic_2x2($0.baseAddress, Int32(tiles.count), Int32(tile), out) }
            }
        }
    }
}
