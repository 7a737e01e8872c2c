/// The bytes of a file that passed the read stage: content hashed, format sniffed.
public struct SourceData: CarriesDraft, Sendable {
    public var draft: AssetDraft
    public var bytes: SourceBytes
}

/// A decoded, shrunk image in its stored orientation, with the orientation still to apply.
public struct DecodedImage: CarriesDraft, Sendable {
    public var draft: AssetDraft
    public var image: VipsImage
    public var orientation: Orientation
}

/// An upright image: pixels as displayed, ready to classify and thumbnail.
public struct OrientedImage: CarriesDraft, Sendable {
    public var draft: AssetDraft
    public var image: VipsImage
}
