/// The formats of an ingest's roots when every one is a file, sniffed from its first bytes
/// (`FormatSniffer`), so that libvips loads only the modules those formats need
/// (`IngestOptions.stillFormats`): a batch of JPEGs or videos handed over as paths maps neither
/// libheif's codecs nor libjxl.
///
/// nil (any format may come) when a root is a folder, whose files are not known before the
/// walk, or anything but a readable regular file, or of a format the sniffer does not know,
/// or when there are more than `limit` roots (reading each one's head first would cost more
/// than the modules). A file the sniff did not foresee still decodes: its worker loads the
/// module it needs (`Vips.start(for:)`).
public enum RootFormats {
    public static let limit = 1000

    public static func sniffed(_ roots: [String]) -> Set<MediaFormat>? {
        guard !roots.isEmpty, roots.count <= limit else { return nil }
        var formats: Set<MediaFormat> = []
        for root in roots {
            guard let head = try? SourceFile.head(root, count: FormatSniffer.headerLength),
                  let format = FormatSniffer.format(of: head) else { return nil }
            formats.insert(format)
        }
        return formats
    }
}
