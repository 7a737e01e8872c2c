import CVips

/// The rows of an image libvips has not computed (a colour conversion or a rotation over a
/// decoded picture, a streaming load), computed top to bottom in strips on the calling thread,
/// the latest few kept: what `Lanczos3Resampler` reads when a picture is not in memory, so a
/// reduce never holds a second copy of it.
///
/// What the caller may rely on: `row(y)` is valid until a row `keeping` or more below the
/// furthest asked for is asked; rows are computed once each, in order, which libvips's
/// sequential loaders require.
package final class StreamedRows {
    /// Rows computed at a time: a strip, as libvips's sinks hand them out.
    static let stripHeight = 16

    private let image: VipsImage
    private let region: UnsafeMutablePointer<VipsRegion>
    private let rowBytes: Int
    private let slots: Int
    private let kept: UnsafeMutablePointer<UInt8>
    private var computedEnd = 0

    /// `keeping`: how many rows back from the furthest asked the caller still reads.
    init(_ image: VipsImage, keeping rows: Int) throws {
        guard let region = vips_region_new(image.pointer) else {
            throw MediaError.vips(operation: "region", message: Vips.takeErrorMessage())
        }
        self.image = image
        self.region = region
        rowBytes = image.width * image.bytesPerPixel
        slots = rows + Self.stripHeight
        kept = .allocate(capacity: slots * rowBytes)
    }

    deinit {
        g_object_unref(region)
        kept.deallocate()
    }

    /// Row `y`, computing the strips down to it first.
    func row(_ y: Int) throws -> UnsafePointer<UInt8> {
        precondition(y >= 0 && y < image.height && y >= computedEnd - slots, "row \(y) no longer kept")
        while y >= computedEnd { try computeNextStrip() }
        return UnsafePointer(kept + (y % slots) * rowBytes)
    }

    private func computeNextStrip() throws {
        let height = min(Self.stripHeight, image.height - computedEnd)
        guard LibraryClock.measure(.libvips, { sb_vips_region_prepare_rows(region, Int32(computedEnd), Int32(height)) }) == 0 else {
            throw MediaError.vips(operation: "compute", message: Vips.takeErrorMessage())
        }
        for y in computedEnd ..< computedEnd + height {
            (kept + (y % slots) * rowBytes).update(from: sb_vips_region_row(region, Int32(y)), count: rowBytes)
        }
        computedEnd += height
    }
}
