import Testing
@testable import Shoebox

/// The aspect rule and the size maths, boundaries included.
@Suite struct ThumbnailSizingTests {
    let rule = AspectRule(panoramaAbove: 1.8, panoramaWidthFactor: 1.0, tallBelow: 0.2, tallWidthFactor: 0.5)
    let thumb = ThumbnailSpec(name: "thumb", rule: .aspect, width: 256)

    func size(_ width: Int, _ height: Int, _ spec: ThumbnailSpec? = nil) -> PixelSize {
        ThumbnailSizing.targetSize(for: PixelSize(width: width, height: height), spec: spec ?? thumb, aspectRule: rule)
    }

    @Test(arguments: [
        // source, expected: ordinary, panorama, very tall, and the exact thresholds
        ((4032, 3024), (256, 192)),
        ((3024, 4032), (256, 341)),
        ((12000, 3000), (1024, 256)),   // a = 4: width B x a, height stays B
        ((1800, 1000), (256, 142)),     // a = 1.8 exactly: not widened
        ((1801, 1000), (461, 256)),     // just above 1.8: widened
        ((1000, 6000), (128, 768)),     // a = 1/6 < 0.2: halved
        ((2000, 10000), (256, 1280)),   // a = 0.2 exactly: not halved
        ((1999, 10000), (128, 640)),    // just below 0.2: halved
    ])
    func aspectRule(source: (Int, Int), expected: (Int, Int)) {
        #expect(size(source.0, source.1) == PixelSize(width: expected.0, height: expected.1))
    }

    @Test func smallerImagesKeepTheirOwnSize() {
        #expect(size(200, 100) == PixelSize(width: 200, height: 100))
        #expect(size(60, 600) == PixelSize(width: 60, height: 600))
        #expect(size(256, 256) == PixelSize(width: 256, height: 256))
    }

    @Test func aStripIsCappedNotRefused() {
        #expect(size(100_000, 1) == PixelSize(width: 4096, height: 1))
        #expect(size(1, 100_000) == PixelSize(width: 1, height: 4096))
    }

    @Test func webpThumbnailsNeverExceedWhatWebPHolds() {
        let wide = ThumbnailSpec(name: "wide", rule: .aspect, width: 4000, format: .webp, maxLongEdge: 100_000)
        #expect(size(400_000, 1000, wide) == PixelSize(width: 16383, height: 41))
    }

    @Test func fitKeepsTheAspectInsideTheBox() {
        let preview = ThumbnailSpec(name: "preview", rule: .fit, width: 1440, height: 1440)
        #expect(size(4032, 3024, preview) == PixelSize(width: 1440, height: 1080))
        #expect(size(3024, 4032, preview) == PixelSize(width: 1080, height: 1440))
        #expect(size(800, 600, preview) == PixelSize(width: 800, height: 600))
    }

    @Test func recipeNamesEverythingThatChangesTheOutput() {
        #expect(thumb.recipeIdentifier(aspectRule: rule) == "thumb?w=256&rule=aspect:1.8x1:0.2x0.5&fmt=jpeg&q=80&cap=4096&resize=lanczos3.1")
        #expect(thumb.recipeHash(aspectRule: rule) == "906eed66fa59cb4f", "pipelines/README.md shows it")
        let preview = ThumbnailSpec(name: "preview", rule: .fit, width: 1440, height: 1440, quality: 85)
        #expect(preview.recipeIdentifier(aspectRule: rule) == "preview?w=1440&rule=fit:1440x1440&fmt=jpeg&q=85&cap=4096&resize=lanczos3.1")
        #expect(preview.recipeHash(aspectRule: rule) == "b976ff0d1623c993", "pipelines/README.md shows it")
        var other = thumb
        other.quality = 90
        #expect(other.recipeHash(aspectRule: rule) != thumb.recipeHash(aspectRule: rule))
        var renamed = thumb
        renamed.name = "grid"
        #expect(renamed.recipeHash(aspectRule: rule) == thumb.recipeHash(aspectRule: rule))
        #expect(thumb.recipeHash(aspectRule: rule).count == 16)
    }
}

