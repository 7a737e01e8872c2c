extension VipsImage {
    /// The image after one HEIF transformation property: `irot` turns anticlockwise, `imir`
    /// mirrors about a vertical (axis 0) or horizontal (axis 1) axis. Other properties leave it.
    func applying(_ transform: HEIFProperty) throws -> VipsImage {
        switch transform {
        case let .rotation(anticlockwise):
            return try rotated([.none, .threeQuarters, .half, .quarter][anticlockwise & 3])
        case let .mirror(axis):
            return axis == 0 ? try mirrored() : try flippedVertically()
        default:
            return self
        }
    }
}
