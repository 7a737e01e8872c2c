import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxMedia

/// The rows of a lazy picture, computed strip by strip as they are asked for.
@Suite struct StreamedRowsTests {
    @Test func everyRowAskedInOrderIsTheComputedPicturesRow() throws {
        try Vips.start()
        let picture = try VipsImage.decode(try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg")))
        let lazy = try picture.mirrored()
        let whole = try lazy.pixelBytes(), rowBytes = lazy.width * 3
        let rows = try StreamedRows(lazy, keeping: 3)
        for y in 0 ..< lazy.height {
            let row = try rows.row(y)
            #expect(Array(UnsafeBufferPointer(start: row, count: rowBytes)) == Array(whole[y * rowBytes ..< (y + 1) * rowBytes]),
                    "row \(y)")
        }
    }

    /// The rows kept behind the furthest asked: a reduce's run reads back up to `keeping` rows.
    @Test func rowsWithinKeepingOfTheFurthestStayReadable() throws {
        try Vips.start()
        let lazy = try VipsImage.decode(try Data(contentsOf: Fixtures.sample("orientation/landscape_1.jpg"))).mirrored()
        let whole = try lazy.pixelBytes(), rowBytes = lazy.width * 3
        let rows = try StreamedRows(lazy, keeping: 20)
        let first = try rows.row(100)
        _ = try rows.row(119)
        #expect(Array(UnsafeBufferPointer(start: first, count: rowBytes)) == Array(whole[100 * rowBytes ..< 101 * rowBytes]))
        #expect(Array(UnsafeBufferPointer(start: try rows.row(100), count: rowBytes)) == Array(whole[100 * rowBytes ..< 101 * rowBytes]))
    }
}
