/// The size maths of thumbnails: pure functions of the displayed size and a spec.
public enum ThumbnailSizing {
    /// The size of `spec`'s thumbnail for an image displayed at `source`.
    ///
    /// Never larger than the source on either side, never longer than the spec's cap or
    /// what its format holds, never smaller than 1x1.
    public static func targetSize(for source: PixelSize, spec: ThumbnailSpec, aspectRule: AspectRule) -> PixelSize {
        precondition(source.width > 0 && source.height > 0, "a decoded image has pixels")
        let uncapped: PixelSize
        switch spec.rule {
        case .aspect: uncapped = aspectSize(source, base: spec.width, rule: aspectRule)
        case .fit: uncapped = fitSize(source, box: PixelSize(width: spec.width, height: spec.height ?? spec.width))
        }
        return capped(uncapped, longEdge: min(spec.maxLongEdge, spec.format.maxDimension), aspect: source.aspect)
    }

    static func aspectSize(_ source: PixelSize, base: Int, rule: AspectRule) -> PixelSize {
        let aspect = source.aspect
        let width = rule.width(forBase: base, aspect: aspect)
        let size = PixelSize(width: PixelSize.atLeastOne(width), height: PixelSize.atLeastOne(width / aspect))
        return size.width > source.width || size.height > source.height ? source : size
    }

    static func fitSize(_ source: PixelSize, box: PixelSize) -> PixelSize { source.fitted(in: box) }

    static func capped(_ size: PixelSize, longEdge cap: Int, aspect: Double) -> PixelSize {
        guard size.longEdge > cap else { return size }
        if size.width >= size.height {
            return PixelSize(width: cap, height: PixelSize.atLeastOne(Double(cap) / aspect))
        }
        return PixelSize(width: PixelSize.atLeastOne(Double(cap) * aspect), height: cap)
    }
}
