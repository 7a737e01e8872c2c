import Foundation

/// Contact sheet pages as one PDF document: each page the sheet's JPEG, embedded as it is
/// (a DCT-encoded image, no decoding and no second compression), filling a page of its size
/// at `dotsPerInch` (200: a six-column sheet, 1,620 pixels, prints 20.6 cm wide, inside A4's
/// and Letter's width). Written by hand because Debian's libvips saves PDF only through
/// ImageMagick, which Shoebox keeps blocked; the format is PDF 1.4's smallest subset: a
/// catalog, a page tree, a page, its content stream and its image per sheet, the document's
/// title, and the cross-reference table.
public enum SheetPDF {
    public static let dotsPerInch = 200

    public static func document(pages: [ContactSheetPage], title: String) -> Data {
        var writer = Writer()
        writer.append("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n", latin1: true)
        let pageObjects = pages.indices.map { 4 + 3 * $0 }
        writer.object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        writer.object(2, "<< /Type /Pages /Kids [\(pageObjects.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>")
        writer.object(3, "<< /Title \(text(title)) /Producer (Shoebox) >>")
        for (page, number) in zip(pages, pageObjects) {
            let (width, height) = (points(page.width), points(page.height))
            writer.object(number, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] "
                + "/Resources << /XObject << /Sheet \(number + 2) 0 R >> >> /Contents \(number + 1) 0 R >>")
            writer.stream(number + 1, dictionary: "", Data("q \(width) 0 0 \(height) 0 0 cm /Sheet Do Q".utf8))
            let space = page.bands == 1 ? "/DeviceGray" : "/DeviceRGB"
            writer.stream(number + 2, dictionary: "/Type /XObject /Subtype /Image /Width \(page.width) /Height \(page.height) "
                + "/ColorSpace \(space) /BitsPerComponent 8 /Filter /DCTDecode", page.jpeg)
        }
        writer.finish(root: 1, info: 3)
        return writer.data
    }

    /// Pixels as points (1/72 inch) at `dotsPerInch`, to two decimals.
    static func points(_ pixels: Int) -> String {
        let hundredths = (pixels * 7200 + dotsPerInch / 2) / dotsPerInch
        return "\(hundredths / 100).\(String(format: "%02d", hundredths % 100))"
    }

    /// A PDF text string: UTF-16BE with its byte order mark, as hex, so that any title is
    /// written exactly and nothing in it can end the string.
    static func text(_ value: String) -> String {
        "<FEFF" + value.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// The document's bytes, with the offset of each object for the cross-reference table.
    private struct Writer {
        var data = Data()
        var offsets: [Int: Int] = [:]

        mutating func append(_ text: String, latin1: Bool = false) {
            data.append(latin1 ? text.data(using: .isoLatin1)! : Data(text.utf8))
        }

        mutating func object(_ number: Int, _ body: String) {
            offsets[number] = data.count
            append("\(number) 0 obj\n\(body)\nendobj\n")
        }

        mutating func stream(_ number: Int, dictionary: String, _ bytes: Data) {
            offsets[number] = data.count
            append("\(number) 0 obj\n<< \(dictionary)\(dictionary.isEmpty ? "" : " ")/Length \(bytes.count) >>\nstream\n")
            data.append(bytes)
            append("\nendstream\nendobj\n")
        }

        mutating func finish(root: Int, info: Int) {
            let count = (offsets.keys.max() ?? 0) + 1
            let table = data.count
            append("xref\n0 \(count)\n0000000000 65535 f \n")
            for number in 1..<count {
                append(String(format: "%010d 00000 n \n", offsets[number] ?? 0))
            }
            append("trailer\n<< /Size \(count) /Root \(root) 0 R /Info \(info) 0 R >>\nstartxref\n\(table)\n%%EOF\n")
        }
    }
}
