/// A file that passed the read stage: content hashed, format sniffed. Stills come with their
/// bytes; videos are streamed through the hash and opened again by the decoder, never held.
public struct SourceData: CarriesDraft, Sendable {
    public var draft: AssetDraft
    public var bytes: SourceBytes?
    /// The bytes' share of the read-ahead budget, given back when a decode worker takes the
    /// file (or when this value goes); nil outside an ingest pipeline.
    var readAhead: ByteBudget.Reservation? = nil
}

/// A decoded, shrunk image in its stored orientation, with the orientation still to apply.
public struct DecodedImage: CarriesDraft, Sendable {
    public var draft: AssetDraft
    public var image: VipsImage
    public var orientation: Orientation
    /// An animated GIF's, WebP's or AVIF sequence's bytes, kept for specs that ask for an animated thumbnail.
    public var animation: SourceBytes? = nil
    /// The picture's share of the decoded-picture budget, handed on with it and given back
    /// when the thumbnail stage is done with the pixels (or when the last value holding it
    /// goes); nil outside an ingest pipeline.
    var inFlight: ByteBudget.Reservation? = nil

    /// The bytes this value keeps in memory: the decoded pixels (every decoder keeps them
    /// in memory) and an animation's file bytes.
    var heldBytes: Int {
        image.width * image.height * image.bytesPerPixel + (animation?.count ?? 0)
    }
}

/// An upright image: pixels as displayed, ready to classify and thumbnail.
public struct OrientedImage: CarriesDraft, Sendable {
    public var draft: AssetDraft
    public var image: VipsImage
    public var animation: SourceBytes? = nil
    /// The decoded picture's share of the decoded-picture budget (`DecodedImage.inFlight`).
    var inFlight: ByteBudget.Reservation? = nil
}
