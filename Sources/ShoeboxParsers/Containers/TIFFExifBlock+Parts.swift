import Foundation

extension TIFFExifBlock {
    /// One EXIF block from IFDs stored as separate small TIFFs (a CR3's `CMT1`, `CMT2` and
    /// `CMT4` boxes): the first IFD of each, as IFD0, the Exif IFD and the GPS IFD. nil when
    /// `ifd0Of` cannot be read; a part in another byte order than IFD0's is left out.
    package static func extract(ifd0Of main: UnsafeRawBufferPointer, exifOf exif: UnsafeRawBufferPointer?,
                        gpsOf gps: UnsafeRawBufferPointer?) -> Data? {
        var budget = maxBlockBytes
        guard let (file, ifd0) = firstDirectory(main, budget: &budget) else { return nil }
        let part = { (bytes: UnsafeRawBufferPointer?) -> [Entry]? in
            guard let bytes, let (other, entries) = firstDirectory(bytes, budget: &budget),
                  other.littleEndian == file.littleEndian else { return nil }
            return entries
        }
        let notPointer = { (entry: Entry) in entry.tag != exifPointer && entry.tag != gpsPointer }
        return file.block(main: ifd0.filter(notPointer), exif: part(exif)?.filter(notPointer), gps: part(gps)?.filter(notPointer))
    }
}
