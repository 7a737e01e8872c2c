import CVips
import Foundation

extension VipsImage {
    /// This image (8-bit sRGB, at most `cell` each way) centred in a white `cell` x `cell`
    /// square above a white strip `captionHeight` high holding `caption` in grey, centred.
    public func sheetCell(caption: String, cell: Int, captionHeight: Int) throws -> VipsImage {
        try Self.make("sheet cell") { out in
            Self.escapedForPango(caption).withCString { sb_vips_sheet_cell(pointer, $0, Int32(cell), Int32(captionHeight), out) }
        }
    }

    /// `cells` (all the same size) in rows of `across`, `gap` pixels apart and around, on white.
    public static func sheetGrid(_ cells: [VipsImage], across: Int, gap: Int) throws -> VipsImage {
        var pointers: [UnsafeMutablePointer<CVips.VipsImage>?] = cells.map(\.pointer)
        return try withExtendedLifetime(cells) {
            try make("sheet grid") { out in
                pointers.withUnsafeMutableBufferPointer { sb_vips_sheet_grid($0.baseAddress, Int32(cells.count), Int32(across), Int32(gap), out) }
            }
        }
    }

    /// This sheet under a white strip `height` pixels high holding `heading` in bold, `inset`
    /// pixels from the left.
    public func sheetHeading(_ heading: String, height: Int, inset: Int) throws -> VipsImage {
        try Self.make("sheet heading") { out in
            Self.escapedForPango(heading).withCString { sb_vips_sheet_heading(pointer, $0, Int32(height), Int32(inset), out) }
        }
    }

    /// libvips renders text as Pango markup: `&`, `<` and `>` in a file name must be escaped.
    static func escapedForPango(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
