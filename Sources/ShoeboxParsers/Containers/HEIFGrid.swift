/// A HEIF `grid` item: tiles of equal size laid out in rows, cropped to the output size.
package struct HEIFGrid {
    package let rows: Int
    package let columns: Int
    package let outputWidth: Int
    package let outputHeight: Int

    /// The grid item's data: version, flags, rows - 1, columns - 1, then the output size in
    /// 16 or (flag 1) 32 bits.
    package init?(_ data: UnsafeRawBufferPointer) {
        var cursor = ByteCursor(data)
        guard cursor.u8() == 0, let flags = cursor.u8(), let rows = cursor.u8(), let columns = cursor.u8(),
              let width = cursor.sized(flags & 1 == 1 ? 4 : 2), let height = cursor.sized(flags & 1 == 1 ? 4 : 2),
              width > 0, height > 0 else { return nil }
        (self.rows, self.columns, outputWidth, outputHeight) = (rows + 1, columns + 1, width, height)
    }
}
