import Foundation
import Testing
@testable import Shoebox

@Test func zzScratchDumpExif() throws {
    try Vips.start()
    for path in ["heic/mobile/HMD_Nokia_8.3_5G_hdr.heif", "heic/mobile/HMD_Nokia_8.3_5G.heif", "heic/mobile/iphone_13_pro_max.HEIC", "heic/samplefilehub.heif"] {
        let url = Fixtures.corpus("exif-samples/" + path)
        let bytes = SourceBytes(copying: try Data(contentsOf: url))
        let header = try VipsImage.header(of: bytes, format: FormatSniffer.format(of: bytes.head)!)
        let exif = header.exifData ?? Data()
        try exif.write(to: URL(fileURLWithPath: "/tmp/dump-" + url.lastPathComponent + ".bin"))
        print(path, exif.count, exif.prefix(16).map { String(format: "%02x", $0) }.joined(separator: " "), header.orientationTag)
    }
}
