/// Camera RAW files, told apart by content: most by a signature in their first bytes, the
/// TIFF-based ones by what their first IFD says.
///
/// Signatures: CR2 (TIFF with `CR` 2 at byte 8), IIQ (TIFF with `IIII` at byte 8), CRW
/// (`HEAPCCDR` at byte 6), CR3 (ISO base media, major brand `crx `, in `isoMediaFormat`), RW2
/// (`IIU\0`), ORF (`IIRO`, `IIRS`, `MMOR`), RAF (`FUJIFILMCCD-RAW`), MRW (`\0MRM`), X3F (`FOVb`).
/// A plain TIFF header is a DNG when IFD0 has a DNGVersion tag, and otherwise a maker's RAW
/// when IFD0's Make names one that writes TIFF-based RAWs: Nikon (NEF; NRW for a COOLPIX),
/// Sony (ARW; SR2 for the DSC-R1), Pentax or Ricoh Imaging (PEF), Samsung (SRW), Hasselblad
/// (3FR), Seiko Epson (ERF). Such a file that LibRaw then refuses (a scanner's TIFF that names
/// Nikon) is decoded as the TIFF it also is (`MediaFormat.isRawByMake`).
extension FormatSniffer {
    /// The format of a whole file: `format(of:)` on its first bytes, then, for a TIFF, IFD0.
    public static func format(ofFile bytes: UnsafeRawBufferPointer) -> MediaFormat? {
        let sniffed = format(of: UnsafeRawBufferPointer(rebasing: bytes.prefix(headerLength)))
        guard sniffed == .tiff else { return sniffed }
        return tiffBasedRaw(bytes) ?? .tiff
    }

    /// A RAW format from a signature in the first bytes, before the plain TIFF check.
    static func rawSignature(_ head: [UInt8]) -> MediaFormat? {
        func at(_ offset: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return head.count >= offset + expected.count && Array(head[offset..<offset + expected.count]) == expected
        }
        let littleTIFF = head.starts(with: [0x49, 0x49, 0x2A, 0x00])
        if littleTIFF && at(8, "CR") && head.count > 10 && head[10] == 2 { return .cr2 }
        if littleTIFF && at(8, "IIII") { return .iiq }
        if at(0, "II") && head.count > 2 && head[2] == 0x1A && at(6, "HEAPCCDR") { return .crw }
        if head.starts(with: [0x49, 0x49, 0x55, 0x00]) { return .rw2 }
        if at(0, "IIRO") || at(0, "IIRS") || at(0, "MMOR") { return .orf }
        if at(0, "FUJIFILMCCD-RAW") { return .raf }
        if head.starts(with: [0x00, 0x4D, 0x52, 0x4D]) { return .mrw }
        if at(0, "FOVb") { return .x3f }
        return nil
    }

    /// DNG or a maker's TIFF-based RAW from IFD0's DNGVersion, Make and Model; nil for a TIFF
    /// whose IFD0 names none (or cannot be read).
    static func tiffBasedRaw(_ bytes: UnsafeRawBufferPointer) -> MediaFormat? {
        guard let ifd0 = TIFFFirstDirectory(bytes) else { return nil }
        if ifd0.has(tag: 0xC612) { return .dng }
        guard let make = ifd0.text(tag: 0x010F)?.uppercased() else { return nil }
        let model = ifd0.text(tag: 0x0110)?.uppercased() ?? ""
        if make.hasPrefix("NIKON") { return model.contains("COOLPIX") ? .nrw : .nef }
        if make.hasPrefix("SONY") { return model.contains("DSC-R1") ? .sr2 : .arw }
        if make.hasPrefix("PENTAX") || make.hasPrefix("RICOH IMAGING") { return .pef }
        if make.hasPrefix("SAMSUNG") { return .srw }
        if make.hasPrefix("HASSELBLAD") { return .threeFR }
        if make.hasPrefix("SEIKO EPSON") { return .erf }
        return nil
    }
}

extension MediaFormat {
    /// A RAW told from a TIFF by IFD0's Make alone: if LibRaw refuses it, it is a TIFF.
    public var isRawByMake: Bool {
        [.nef, .nrw, .arw, .sr2, .pef, .srw, .threeFR, .erf].contains(self)
    }
}
