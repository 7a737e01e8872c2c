import Foundation

/// One page of a contact sheet: its JPEG bytes and what a document holding it must know.
public struct ContactSheetPage: Sendable {
    public var jpeg: Data
    public var width: Int
    public var height: Int
    /// 1 (grey) or 3 (sRGB): the JPEG's components.
    public var bands: Int
}
