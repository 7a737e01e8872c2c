/// A container format, recognised by its leading bytes, never by the file name.
public enum MediaFormat: String, Codable, Sendable, CaseIterable {
    case jpeg, png, gif, webp, tiff, heic, avif
    /// JPEG XL: a bare codestream or an ISO-BMFF container.
    case jxl
    /// Windows and OS/2 bitmaps, decoded by FFmpeg's BMP decoder (libvips has no trusted loader).
    case bmp
    /// ISO base media and QuickTime video (MP4, MOV, M4V, 3GP).
    case mp4
    /// Matroska and WebM.
    case matroska
    case avi
    /// Camera RAW files, decoded by LibRaw: Adobe DNG, Canon (CR2, CR3, CRW), Nikon (NEF, NRW),
    /// Sony (ARW, SR2), Fujifilm RAF, Panasonic RW2, Olympus ORF, Pentax PEF, Samsung SRW,
    /// Hasselblad 3FR, Phase One and Leaf IIQ, Sigma X3F, Minolta MRW, Epson ERF. The raw value
    /// is the usual file extension (`FormatSniffer+RAW` says how each is told by content).
    case dng, cr2, cr3, crw, nef, nrw, arw, sr2, raf, rw2, orf, pef, srw
    case threeFR = "3fr"
    case iiq, x3f, mrw, erf

    /// Decoded by libvips (GIF too: its first frame), or by LibRaw for a RAW.
    public var isStillImage: Bool { !isVideo }

    /// Decoded by FFmpeg.
    public var isVideo: Bool { self == .mp4 || self == .matroska || self == .avi }

    /// A camera RAW file, decoded by LibRaw (`RawImageDecoder`), never by libvips.
    public var isRaw: Bool { Self.raws.contains(self) }

    private static let raws: Set<MediaFormat> = [
        .dng, .cr2, .cr3, .crw, .nef, .nrw, .arw, .sr2, .raf, .rw2, .orf, .pef, .srw, .threeFR, .iiq, .x3f, .mrw, .erf,
    ]
}
