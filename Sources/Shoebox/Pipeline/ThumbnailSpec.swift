/// One thumbnail a pipeline makes for every asset: a value with a stable recipe.
///
/// The recipe identifier names everything that changes the output pixels or bytes; its
/// hash is part of each thumbnail's file name and catalog key, so changing one spec
/// regenerates only that spec's thumbnails.
public struct ThumbnailSpec: Codable, Equatable, Sendable {
    /// How the target size follows from the displayed size.
    public enum Rule: String, Codable, CaseIterable, Sendable {
        /// Base width `width`, widened for panoramas and halved for very tall images (`AspectRule`).
        case aspect
        /// Fits inside `width` x `height`, keeping the aspect ratio.
        case fit
    }

    /// The pixels `width`, `height` and `maxLongEdge` may be, as a pipeline file is checked:
    /// past 8192 a thumbnail is no longer one, and each costs its pixels in memory for every
    /// asset (a width of 10^9 made a 16383x16383 thumbnail at 2.16 GB of memory).
    public static let sizes = 1...8192

    public var name: String
    public var rule: Rule
    public var width: Int
    /// Only for `fit`: the height of the box.
    public var height: Int?
    public var format: ThumbnailFormat
    public var quality: Int
    /// No side of the thumbnail exceeds this (nor what `format` can hold).
    public var maxLongEdge: Int
    /// Optional, WebP only: an animated GIF gets an animated thumbnail, every frame resized.
    public var animated: Bool?

    public init(name: String, rule: Rule, width: Int, height: Int? = nil,
                format: ThumbnailFormat = .jpeg, quality: Int = 80, maxLongEdge: Int = 4096, animated: Bool? = nil) {
        self.animated = animated
        self.name = name
        self.rule = rule
        self.width = width
        self.height = height
        self.format = format
        self.quality = quality
        self.maxLongEdge = maxLongEdge
    }

    /// How this Shoebox resizes: `Lanczos3Resampler` where that route takes the image (8-bit
    /// sRGB without alpha, shrinking), libvips's `thumbnail_image` otherwise. Part of every
    /// recipe, so that thumbnails made by another route are made again: the number goes up
    /// whenever either route's output changes.
    public static let resizeRoute = "lanczos3.1"

    /// The recipe as text, e.g. `thumb?w=256&rule=aspect:1.8x1:0.2x0.5&fmt=jpeg&q=80&cap=4096&resize=lanczos3.1`.
    public func recipeIdentifier(aspectRule: AspectRule) -> String {
        "\(name)?\(recipeParameters(aspectRule: aspectRule))"
    }

    /// The 16 hex digits that name this recipe in thumbnail file names. The spec's name is
    /// not part of it: renaming a spec reuses its files.
    public func recipeHash(aspectRule: AspectRule) -> String {
        String(ContentHasher.hash(recipeParameters(aspectRule: aspectRule)).prefix(16))
    }

    private func recipeParameters(aspectRule: AspectRule) -> String {
        let ruleText: String
        switch rule {
        case .aspect: ruleText = aspectRule.recipeComponent
        case .fit: ruleText = "fit:\(width)x\(height ?? width)"
        }
        return "w=\(width)&rule=\(ruleText)&fmt=\(format.rawValue)&q=\(quality)&cap=\(maxLongEdge)" + (animated == true ? "&anim=1" : "")
            + "&resize=\(Self.resizeRoute)"
    }
}
