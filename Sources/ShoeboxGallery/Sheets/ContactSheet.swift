import Foundation

/// The classic proof sheet of an album: its assets' thumbnails in a grid, each captioned
/// with what it is (a video's length, LIVE, GIF), its file name (shortened in the middle to
/// fit its cell) and capture date, as JPEG pages of `columns` x `rows` cells, each headed by
/// the album's title and its page number. Made from the thumbnails the library already holds
/// (the smallest rendition of each asset), so no original is opened.
public struct ContactSheet {
    public typealias Catalog = AlbumStore & AssetFetching

    let catalog: Catalog
    let library: Library
    public var columns = 6
    public var rows = 8
    public var cell = 256
    public var captionHeight = 36
    public var gap = 12
    public var headingHeight = 40

    public init(catalog: Catalog, library: Library) {
        (self.catalog, self.library) = (catalog, library)
    }

    /// The pages of `album`, as JPEG data, in the album's order.
    public func pages(of album: AlbumReference, quality: Int = 85) throws -> [ContactSheetPage] {
        let options = AssetFetchOptions(album: album)
        let count = max(1, (try catalog.countAssets(options).total + columns * rows - 1) / (columns * rows))
        var pages: [ContactSheetPage] = []
        var cursor: AssetCursor?
        repeat {
            let page = try catalog.fetchPage(options, after: cursor, size: columns * rows)
            if page.assets.isEmpty { break }
            let cells = try page.assets.map(cell(for:))
            let heading = "\(album.title) · page \(pages.count + 1) of \(max(count, pages.count + 1))"
            let sheet = try VipsImage.sheetGrid(cells, across: columns, gap: gap).sheetHeading(heading, height: headingHeight, inset: gap)
            pages.append(ContactSheetPage(jpeg: try sheet.encoded(as: .jpeg, quality: quality), width: sheet.width, height: sheet.height,
                                          bands: sheet.bands))
            cursor = page.next
        } while cursor != nil
        return pages
    }

    /// The asset's smallest thumbnail fitted into the cell, or a blank cell when it has none
    /// readable, captioned (`caption`).
    private func cell(for asset: AssetRecord) throws -> VipsImage {
        let image = try thumbnail(of: asset)?.fittedInMemory(cell, cell) ?? Self.blank(side: cell)
        return try image.sheetCell(caption: Self.caption(for: asset, width: cell), cell: cell, captionHeight: captionHeight)
    }

    /// Characters a caption of the sheet's font holds in a cell `width` pixels wide.
    static func captionCharacters(width: Int) -> Int { max(12, (width - 8) / 7) }

    /// `[marker · ]name · date`, the name shortened in the middle (its end tells files apart)
    /// so that the whole fits a cell `width` pixels wide: a video's length (or VIDEO), LIVE for a
    /// Live Photo, GIF for an animated GIF.
    static func caption(for asset: AssetRecord, width: Int) -> String {
        let name = asset.path.split(separator: "/").last.map(String.init) ?? asset.path
        let date = asset.metadata.takenAt.map { String($0.prefix(10)) }
        let marker: String?
        switch asset.kind {
        case .video: marker = asset.details.durationSeconds.map { Self.clock($0) } ?? "VIDEO"
        case .livePhoto: marker = "LIVE"
        case .gif: marker = (asset.details.frameCount ?? 1) > 1 ? "GIF" : nil
        case .photo: marker = nil
        }
        let others = [marker, date].compactMap { $0 }
        let room = captionCharacters(width: width) - others.reduce(0) { $0 + $1.count + 3 }
        return ([marker, shortened(name, to: room), date].compactMap { $0 }).joined(separator: " · ")
    }

    /// `name` in at most `length` characters: its start, `…`, its end.
    static func shortened(_ name: String, to length: Int) -> String {
        guard name.count > length, length >= 5 else { return name.count > length ? String(name.suffix(max(length, 1))) : name }
        let tail = (length - 1) / 2, head = length - 1 - tail
        return name.prefix(head) + "…" + name.suffix(tail)
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
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
