import Foundation
import Testing
@testable import ShoeboxGallery

/// The PDF a contact sheet is written as, read back byte by byte: every object where the
/// cross-reference table says, pages sized at 200 dpi, any title written exactly.
@Suite struct SheetPDFTests {
    @Test(arguments: [(816, "293.76"), (1620, "583.20"), (200, "72.00"), (1, "0.36")])
    func pixelsArePointsAtTwoHundredDotsAnInch(pixels: Int, points: String) {
        #expect(SheetPDF.points(pixels) == points)
    }

    @Test(arguments: [("Trip", "<FEFF0054007200690070>"), ("Été (2)", "<FEFF00C9007400E90020002800320029>"), ("🌋", "<FEFFD83CDF0B>")])
    func titlesAreWrittenAsUTF16(title: String, written: String) {
        #expect(SheetPDF.text(title) == written)
    }

    @Test func everyObjectIsWhereTheTableSays() throws {
        let page = ContactSheetPage(jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]), width: 816, height: 660, bands: 3)
        let document = SheetPDF.document(pages: [page, page], title: "Trip")
        let text = String(decoding: document, as: UTF8.self)
        let startxref = try #require(text.firstMatch(of: #/startxref\n(\d+)\n%%EOF\n$/#))
        let table = try #require(Int(startxref.1))
        let rows = String(decoding: document[table...], as: UTF8.self).split(separator: "\n").dropFirst(2)
            .prefix { $0.hasSuffix(" n ") || $0.hasSuffix(" f ") }
        #expect(rows.count == 10)   // the free entry, catalog, pages, info, and three objects a page
        for (number, row) in rows.enumerated().dropFirst() {
            let offset = try #require(Int(row.prefix(10)))
            #expect(String(decoding: document[offset...].prefix(12), as: UTF8.self).hasPrefix("\(number) 0 obj\n"), "object \(number)")
        }
        #expect(text.contains("/MediaBox [0 0 293.76 237.60]"))
        #expect(text.contains("/Kids [4 0 R 7 0 R] /Count 2"))
        #expect(text.contains("/Width 816 /Height 660 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length 4 >>"))
    }
}
