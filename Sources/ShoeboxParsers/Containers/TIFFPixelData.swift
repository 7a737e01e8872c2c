import Foundation

/// The byte ranges of a TIFF file that hold strips or tiles, for a reader that wants its
/// directories, tags, EXIF, XMP and ICC and not the (possibly hundreds of) megabytes of pixels:
/// `SourceFile.read(_:maxBytes:leavingOut:)` leaves them zero, as `HEIFPictureData` does a
/// HEIF's coded pictures.
///
/// Each IFD of the main chain and its SubIFDs is read on its own (`pread`), nothing in it
/// trusted: at most `maxDirectories` directories of at most `TIFFFirstDirectory.maxEntries`
/// entries, each visited once, and offset arrays of at most `maxParts` entries. Ranges outside
/// the file are clipped; a file that cannot be followed names nothing and is read whole.
package enum TIFFPixelData {
    static let maxDirectories = 64
    static let maxParts = 1 << 20
    private static let stripOffsets = 273, stripByteCounts = 279, tileOffsets = 324, tileByteCounts = 325,
                        subDirectories = 330
    private static let offsetTags: Set = [stripOffsets, stripByteCounts, tileOffsets, tileByteCounts, subDirectories]

    package static func ranges(fd: Int32, size: Int64) -> [Range<Int64>] {
        guard let head = read(fd, at: 0, count: 8), let header = head.withUnsafeBytes({ TIFFHeader($0) }) else { return [] }
        let reader = Reader(fd: fd, size: size, littleEndian: header.littleEndian)
        var pending = [header.firstDirectory], visited = Set<Int>(), pixels: [Range<Int64>] = [], directories: [Range<Int64>] = []
        while let offset = pending.popLast(), visited.count < maxDirectories {
            guard offset > 0, visited.insert(offset).inserted, let directory = reader.directory(at: offset) else { continue }
            directories.append(Int64(offset) ..< Int64(offset) + directory.length)
            pixels += reader.parts(directory, offsets: stripOffsets, counts: stripByteCounts)
            pixels += reader.parts(directory, offsets: tileOffsets, counts: tileByteCounts)
            pending += reader.values(directory[subDirectories]).prefix(maxDirectories)
            pending.append(directory.next)
        }
        let named = HEIFPictureData.merged(pixels.map { $0.clamped(to: 0 ..< size) }.filter { !$0.isEmpty })
        // Pixels said to lie over a directory: the file's counts are not to be trusted.
        guard !named.contains(where: { part in directories.contains { $0.overlaps(part) } }) else { return [] }
        return named
    }

    /// One IFD's entries by tag, and the offset of the next IFD.
    private struct Directory {
        var entries: [Int: (type: Int, count: Int, value: [UInt8])] = [:]
        var next = 0
        /// The bytes of its entry count, entries and next offset.
        var length: Int64 = 0
        subscript(tag: Int) -> (type: Int, count: Int, value: [UInt8])? { entries[tag] }
    }

    private struct Reader {
        let fd: Int32, size: Int64, littleEndian: Bool

        func directory(at offset: Int) -> Directory? {
            guard let countBytes = TIFFPixelData.read(fd, at: offset, count: 2) else { return nil }
            let count = integer(countBytes, 0, 2)
            guard count <= TIFFFirstDirectory.maxEntries,
                  let body = TIFFPixelData.read(fd, at: offset + 2, count: count * 12 + 4) else { return nil }
            var directory = Directory()
            for index in 0 ..< count {
                let at = index * 12, tag = integer(body, at, 2)
                guard TIFFPixelData.offsetTags.contains(tag) else { continue }
                let type = integer(body, at + 2, 2), components = integer(body, at + 4, 4)
                guard let width = TIFFPixelData.width(of: type), components <= TIFFPixelData.maxParts else { continue }
                let value = components * width <= 4
                    ? Array(body[at + 8 ..< at + 8 + components * width])
                    : TIFFPixelData.read(fd, at: integer(body, at + 8, 4), count: components * width)
                if let value { directory.entries[tag] = (type, components, value) }
            }
            directory.next = integer(body, count * 12, 4)
            directory.length = Int64(2 + body.count)
            return directory
        }

        /// The ranges the `offsets` and `counts` entries name together, pair by pair.
        func parts(_ directory: Directory, offsets: Int, counts: Int) -> [Range<Int64>] {
            let starts = values(directory[offsets]), lengths = values(directory[counts])
            return zip(starts, lengths).map { Int64($0) ..< Int64($0) + Int64($1) }
        }

        /// The unsigned values of a SHORT, LONG or IFD entry.
        func values(_ entry: (type: Int, count: Int, value: [UInt8])?) -> [Int] {
            guard let entry, let width = TIFFPixelData.width(of: entry.type) else { return [] }
            return (0 ..< entry.count).map { integer(entry.value, $0 * width, width) }
        }

        private func integer(_ bytes: [UInt8], _ at: Int, _ width: Int) -> Int {
            let slice = bytes[at ..< at + width]
            return littleEndian ? slice.reversed().reduce(0) { $0 << 8 | Int($1) } : slice.reduce(0) { $0 << 8 | Int($1) }
        }
    }

    /// SHORT (3) is 2 bytes, LONG (4) and IFD (13) 4; other types name no offset.
    private static func width(of type: Int) -> Int? {
        switch type {
        case 3: return 2
        case 4, 13: return 4
        default: return nil
        }
    }

    /// `count` bytes at `offset`, or nil when the file does not hold them all.
    private static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        SourceFile.bytes(fd, in: Int64(offset) ..< Int64(offset) + Int64(count))
    }
}
