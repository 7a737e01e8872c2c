/// The `meta` box of a HEIF file read far enough to decode its coded images without libheif:
/// which item is primary, where each item's bytes are, its properties in association order,
/// and the references between items (grid tiles, thumbnails, auxiliary images).
///
/// Parsing never reads outside the buffer; anything malformed or beyond this subset of the
/// format makes `parse` return nil, and the caller decodes the file the general way.
package struct HEIFContainer {
    package struct Item {
        package let id: Int
        package let type: String
        /// Byte ranges in the file, in order; their concatenation is the item's data.
        package var extents: [Range<Int>] = []
        package var properties: [HEIFProperty] = []

        /// Calls `body` with the item's data in `file` (the bytes it was parsed from): its one
        /// extent in place, or its extents joined; nil, without calling `body`, when it has none.
        package func withData<T>(in file: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
            guard !extents.isEmpty else { return nil }
            if extents.count == 1 { return body(UnsafeRawBufferPointer(rebasing: file[extents[0]])) }
            let joined = extents.flatMap { file[$0] }
            return joined.withUnsafeBytes(body)
        }
    }

    package struct Reference {
        package let type: String
        package let from: Int
        package let to: [Int]
    }

    let primaryID: Int
    package let items: [Int: Item]
    package let references: [Reference]

    package var primary: Item? { items[primaryID] }

    /// Whether the primary image carries a transformation (`irot` or `imir`, even a rotation by
    /// 0): then the container, not EXIF, says how it is shown.
    package var primaryHasTransforms: Bool {
        primary?.properties.contains { property in
            switch property {
            case .rotation, .mirror: return true
            default: return false
            }
        } ?? false
    }

    /// The items `id` points to with a reference of `type` (a grid's tiles, in order, for `dimg`).
    package func targets(of id: Int, type: String) -> [Int] {
        references.first { $0.from == id && $0.type == type }?.to ?? []
    }

    /// The items that point to `id` with a reference of `type` (its thumbnails, for `thmb`).
    package func sources(pointingTo id: Int, type: String) -> [Int] {
        references.filter { $0.type == type && $0.to.contains(id) }.map(\.from)
    }

    package static func parse(_ bytes: UnsafeRawBufferPointer) -> HEIFContainer? {
        guard let top = ISOBox.children(of: bytes, from: 0, to: bytes.count),
              let meta = top.first(where: { $0.type == "meta" }),
              let boxes = ISOBox.children(of: bytes, from: meta.start + 4, to: meta.end) else { return nil }
        func box(_ type: String) -> ISOBox? { boxes.first { $0.type == type } }
        guard let pitm = box("pitm"), let iinf = box("iinf"), let iloc = box("iloc"), let iprp = box("iprp"),
              let primaryID = parsePrimary(pitm, bytes),
              var items = parseItemInfo(iinf, bytes),
              parseLocations(iloc, idat: box("idat"), bytes, into: &items),
              parseProperties(iprp, bytes, into: &items) else { return nil }
        let references = box("iref").flatMap { parseReferences($0, bytes) } ?? []
        return HEIFContainer(primaryID: primaryID, items: items, references: references)
    }

    private static func parsePrimary(_ pitm: ISOBox, _ bytes: UnsafeRawBufferPointer) -> Int? {
        var cursor = pitm.cursor(in: bytes)
        guard let version = cursor.u8(), cursor.skip(3) else { return nil }
        return version == 0 ? cursor.u16() : cursor.u32()
    }

    private static func parseItemInfo(_ iinf: ISOBox, _ bytes: UnsafeRawBufferPointer) -> [Int: Item]? {
        var cursor = iinf.cursor(in: bytes)
        guard let version = cursor.u8(), cursor.skip(3), (version == 0 ? cursor.u16() : cursor.u32()) != nil,
              let entries = ISOBox.children(of: bytes, from: cursor.offset, to: iinf.end) else { return nil }
        var items: [Int: Item] = [:]
        for entry in entries where entry.type == "infe" {
            var infe = entry.cursor(in: bytes)
            guard let version = infe.u8(), infe.skip(3), version >= 2,
                  let id = version == 2 ? infe.u16() : infe.u32(), infe.skip(2),
                  let type = infe.fourCC() else { continue }
            items[id] = Item(id: id, type: type)
        }
        return items
    }

    /// `iloc`: file offsets (construction method 0) or offsets into `idat` (method 1).
    private static func parseLocations(_ iloc: ISOBox, idat: ISOBox?, _ bytes: UnsafeRawBufferPointer,
                                       into items: inout [Int: Item]) -> Bool {
        var cursor = iloc.cursor(in: bytes)
        guard let version = cursor.u8(), version <= 2, cursor.skip(3),
              let sizes = cursor.u8(), let more = cursor.u8(),
              let count = version < 2 ? cursor.u16() : cursor.u32() else { return false }
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 15, more >> 4)
        let indexSize = version == 0 ? 0 : more & 15
        for _ in 0..<count {
            guard let id = version < 2 ? cursor.u16() : cursor.u32() else { return false }
            var method = 0
            if version >= 1 { guard let field = cursor.u16() else { return false }; method = field & 15 }
            guard cursor.skip(2), let base = cursor.sized(baseSize), let extentCount = cursor.u16() else { return false }
            var extents: [Range<Int>] = []
            for _ in 0..<extentCount {
                guard cursor.skip(indexSize), let offset = cursor.sized(offsetSize),
                      let length = cursor.sized(lengthSize) else { return false }
                guard let range = resolve(base: base, offset: offset, length: length, method: method,
                                          idat: idat, size: bytes.count) else { return false }
                extents.append(range)
            }
            items[id]?.extents = extents
        }
        return true
    }

    private static func resolve(base: Int, offset: Int, length: Int, method: Int, idat: ISOBox?, size: Int) -> Range<Int>? {
        let (start, limit): (Int, Int)
        switch method {
        case 0: (start, limit) = (0, size)
        case 1:
            guard let idat else { return nil }
            (start, limit) = (idat.start, idat.end)
        default: return nil
        }
        let (from, overflow) = start.addingReportingOverflow(base)
        let (first, overflow2) = from.addingReportingOverflow(offset)
        guard !overflow, !overflow2, first <= limit else { return nil }
        let last = length == 0 ? limit : first.addingReportingOverflow(length).partialValue
        guard last >= first, last <= limit else { return nil }
        return first..<last
    }

    /// `iprp`: the `ipco` properties, given to each item in its `ipma` association order.
    private static func parseProperties(_ iprp: ISOBox, _ bytes: UnsafeRawBufferPointer, into items: inout [Int: Item]) -> Bool {
        guard let boxes = ISOBox.children(of: bytes, from: iprp.start, to: iprp.end),
              let ipco = boxes.first(where: { $0.type == "ipco" }),
              let properties = ISOBox.children(of: bytes, from: ipco.start, to: ipco.end) else { return false }
        let parsed = properties.map { HEIFProperty.parse($0, in: bytes) }
        for ipma in boxes where ipma.type == "ipma" {
            var cursor = ipma.cursor(in: bytes)
            guard let version = cursor.u8(), let flags = cursor.uint(3), let count = cursor.u32() else { return false }
            for _ in 0..<count {
                guard let id = version < 1 ? cursor.u16() : cursor.u32(), let associations = cursor.u8() else { return false }
                for _ in 0..<associations {
                    guard let field = flags & 1 == 1 ? cursor.u16() : cursor.u8() else { return false }
                    let index = field & (flags & 1 == 1 ? 0x7FFF : 0x7F)
                    guard index > 0 else { continue }
                    guard index <= parsed.count, let property = parsed[index - 1] else { return false }
                    items[id]?.properties.append(property)
                }
            }
        }
        return true
    }

    private static func parseReferences(_ iref: ISOBox, _ bytes: UnsafeRawBufferPointer) -> [Reference]? {
        var cursor = iref.cursor(in: bytes)
        guard let version = cursor.u8(), cursor.skip(3),
              let boxes = ISOBox.children(of: bytes, from: cursor.offset, to: iref.end) else { return nil }
        return boxes.compactMap { box in
            var cursor = box.cursor(in: bytes)
            let id = { (c: inout ByteCursor) in version == 0 ? c.u16() : c.u32() }
            guard let from = id(&cursor), let count = cursor.u16() else { return nil }
            var to: [Int] = []
            for _ in 0..<count {
                guard let target = id(&cursor) else { return nil }
                to.append(target)
            }
            return Reference(type: box.type, from: from, to: to)
        }
    }
}
