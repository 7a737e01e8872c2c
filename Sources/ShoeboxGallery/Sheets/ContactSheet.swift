import Foundation

/// The classic proof sheet of an album: its assets' thumbnails in a grid, each captioned
/// with its file name and capture date, as JPEG pages of `columns` x `rows` cells. Made
/// from the thumbnails the library already holds (the smallest rendition of each asset), so
/// no original is opened.
public struct ContactSheet {
    public typealias Catalog = AlbumStore & AssetFetching

    let catalog: Catalog
    let library: Library
    public var columns = 6
    public var rows = 8
    public var cell = 256
    public var captionHeight = 36
    public var gap = 12

    public init(catalog: Catalog, library: Library) {
        (self.catalog, self.library) = (catalog, library)
    }

    /// The pages of `album`, as JPEG data, in the album's order.
    public func pages(of album: AlbumReference, quality: Int = 85) throws -> [Data] {
        var pages: [Data] = []
        var cursor: AssetCursor?
        repeat {
            let page = try catalog.fetchPage(AssetFetchOptions(album: album), after: cursor, size: columns * rows)
            if page.assets.isEmpty { break }
            let cells = try page.assets.map(cell(for:))
            pages.append(try VipsImage.sheetGrid(cells, across: columns, gap: gap).encoded(as: .jpeg, quality: quality))
            cursor = page.next
        } while cursor != nil
        return pages
    }

    /// The asset's smallest thumbnail fitted into the cell, or a blank cell when it has none
    /// readable, captioned `name · date`.
    private func cell(for asset: AssetRecord) throws -> VipsImage {
        let name = asset.path.split(separator: "/").last.map(String.init) ?? asset.path
        let date = asset.metadata.takenAt.map { String($0.prefix(10)) }
        let caption = [name, date].compactMap { $0 }.joined(separator: " · ")
        let image = try thumbnail(of: asset)?.fittedInMemory(cell, cell) ?? Self.blank(side: cell)
        return try image.sheetCell(caption: caption, cell: cell, captionHeight: captionHeight)
    }

    private func thumbnail(of asset: AssetRecord) throws -> VipsImage? {
        guard let smallest = asset.thumbnails.min(by: { $0.width < $1.width }),
              let data = FileManager.default.contents(atPath: library.absolutePath(smallest.relativePath)) else { return nil }
        return try? VipsImage.decode(data)
    }

    /// A light grey square, for an asset whose thumbnail cannot be read.
    static func blank(side: Int) throws -> VipsImage {
        try [UInt8](repeating: 230, count: side * side * 3).withUnsafeBytes { try VipsImage.fromRGB($0, width: side, height: side) }
    }
}
