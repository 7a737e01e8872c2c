/// One box of an ISO base media file: its type and where its payload lies.
package struct ISOBox {
    package let type: String
    /// Payload bounds in the enclosing buffer (after the size/type header).
    package let start: Int
    package let end: Int

    /// The boxes laid end to end in `start..<end`; nil when a box claims more bytes than
    /// there are (a damaged or hostile file), so callers never read a half box.
    package static func children(of bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> [ISOBox]? {
        var boxes: [ISOBox] = []
        var cursor = ByteCursor(bytes, from: start, to: end)
        while cursor.remaining > 0 {
            let boxStart = cursor.offset
            guard var size = cursor.sized(4), let type = cursor.fourCC() else { return nil }
            if size == 1 {
                guard let large = cursor.sized(8) else { return nil }
                size = large
            } else if size == 0 {
                size = end - boxStart
            }
            let payload = cursor.offset
            guard size >= payload - boxStart, size <= end - boxStart else { return nil }
            boxes.append(ISOBox(type: type, start: payload, end: boxStart + size))
            guard cursor.skip(boxStart + size - payload) else { return nil }
            if boxes.count > 100_000 { return nil }
        }
        return boxes
    }

    /// The payload as a cursor; for a full box, past its version and flags.
    package func cursor(in bytes: UnsafeRawBufferPointer) -> ByteCursor {
        ByteCursor(bytes, from: start, to: end)
    }
}
