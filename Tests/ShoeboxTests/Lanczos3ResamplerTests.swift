import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// Shoebox's own Lanczos-3 reduce (the thumbnail fit's): what it does to known pictures, and
/// how close it comes to libvips's reduce with the same kernel.
@Suite struct Lanczos3ResamplerTests {
    /// `pixels` (packed RGB, `from`) reduced to `to`.
    private static func reduced(_ pixels: [UInt8], from: PixelSize, to: PixelSize) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: to.width * to.height * 3)
        pixels.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                Lanczos3Resampler(from: from, to: to, bands: 3)
                    .resample(input.baseAddress!, inputRowBytes: from.width * 3, into: out.baseAddress!, outputRowBytes: to.width * 3)
            }
        }
        return output
    }

    private static func reduced(_ image: Shoebox.VipsImage, to size: PixelSize) throws -> Shoebox.VipsImage {
        let pixels = reduced(try image.pixelBytes(), from: PixelSize(width: image.width, height: image.height), to: size)
        return try pixels.withUnsafeBytes { try VipsImage.fromRGB($0, width: size.width, height: size.height) }
    }

    @Test func aFlatPictureStaysExactlyFlat() {
        let pixels = [UInt8]((0 ..< 100 * 80).flatMap { _ in [10, 200, 77] as [UInt8] })
        let output = Self.reduced(pixels, from: PixelSize(width: 100, height: 80), to: PixelSize(width: 37, height: 29))
        #expect(output == [UInt8]((0 ..< 37 * 29).flatMap { _ in [10, 200, 77] as [UInt8] }))
    }

    /// Black on the left half, white on the right, halved: the edge stays in the middle, the
    /// far pixels keep their values, and the pixels near the edge mirror each other.
    @Test func aStepStaysInTheMiddleAndMirrored() {
        let row: [UInt8] = (0 ..< 200).flatMap { (x: Int) -> [UInt8] in x < 100 ? [0, 0, 0] : [255, 255, 255] }
        let output = Self.reduced(Array((0 ..< 4).map { _ in row }.joined()),
                                  from: PixelSize(width: 200, height: 4), to: PixelSize(width: 100, height: 2))
        let first: [UInt8] = (0 ..< 100).map { output[$0 * 3] }
        #expect(first[0 ..< 46].allSatisfy { $0 == 0 } && first[54...].allSatisfy { $0 == 255 })
        for x in 0 ..< 50 {
            #expect(abs(Int(first[x]) + Int(first[99 - x]) - 255) <= 1, "x \(x): \(first[x]), \(first[99 - x])")
        }
        #expect(output[0 ..< 300] == output[300 ..< 600])
    }

    /// The bundled panorama, 1200x300 to 256x64 (4.7 times smaller), against libvips's
    /// `resize` with the same kernel and no box pre-shrink (`--gap 0`): within half a level,
    /// and no further from it than libvips's `thumbnail_image`, Shoebox's fit before
    /// (0.33 against 0.44 here: libvips samples the kernel at fixed sub-pixel steps).
    @Test func thePanoramaIsLibvipsLanczos3WithinHalfALevel() throws {
        let folder = try TemporaryFolder()
        let reference = folder.url.appendingPathComponent("reference.png")
        let scale = String(256.0 / 1200.0)
        try FixtureTool.run("vips", ["resize", Fixtures.sample("panorama.jpg").path, reference.path, scale,
                                     "--vscale", scale, "--kernel", "lanczos3", "--gap", "0"])
        try Vips.start()
        let libvips = try VipsImage.decode(try Data(contentsOf: reference))
        let picture = try VipsImage.decode(try Data(contentsOf: Fixtures.sample("panorama.jpg")))
        #expect((libvips.width, libvips.height) == (256, 64))

        let ours = try Self.reduced(picture, to: PixelSize(width: 256, height: 64))
        let before = try picture.resized(toWidth: 256, height: 64)
        #expect(try ours.meanAbsoluteDifference(to: libvips) < 0.5)
        #expect(try ours.meanAbsoluteDifference(to: libvips) <= before.meanAbsoluteDifference(to: libvips))
    }
}
