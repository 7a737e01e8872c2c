import CGif

/// Reads a GIF's frame count, delays and loop count with giflib, skipping the compressed
/// image data: no frame is decoded, so the work stays small however large the frames.
public enum GifReader {
    /// Delays browsers raise to 100 ms (in hundredths of a second).
    static let browserMinimumDelay = 2
    static let browserDefaultDelay = 10

    /// Reads `bytes`, stopping with `.overBudget` once frames x screen pixels exceed `framePixelBudget`.
    public static func info(of bytes: UnsafeRawBufferPointer, framePixelBudget: Int) throws -> GifInfo {
        try LibraryClock.measure(.giflib) { try walk(bytes, framePixelBudget: framePixelBudget) }
    }

    private static func walk(_ bytes: UnsafeRawBufferPointer, framePixelBudget: Int) throws -> GifInfo {
        let input = GifInput(bytes)
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), gifRead, &error) else {
            throw GifReadError.damaged("not a readable GIF: \(message(error))")
        }
        defer { DGifCloseFile(gif, &error) }
        let screen = PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
        guard screen.width > 0, screen.height > 0 else { throw GifReadError.damaged("the GIF's screen is \(screen)") }
        var walker = RecordWalker(gif: gif, screen: screen, budget: framePixelBudget)
        return try withExtendedLifetime(input) { try walker.walk() }
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// The bytes giflib reads through its callback.
private final class GifInput {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
}

private func gifRead(_ gif: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?,
                     _ count: Int32) -> Int32 {
    guard let gif, let buffer, let user = gif.pointee.UserData, count > 0 else { return 0 }
    let input = Unmanaged<GifInput>.fromOpaque(user).takeUnretainedValue()
    let n = min(Int(count), input.bytes.count - input.offset)
    guard n > 0 else { return 0 }
    UnsafeMutableRawPointer(buffer).copyMemory(from: input.bytes.baseAddress! + input.offset, byteCount: n)
    input.offset += n
    return Int32(n)
}

/// Walks a GIF's records once: image descriptors are counted and their data skipped,
/// graphic-control and NETSCAPE extensions give the delays and the loop count.
private struct RecordWalker {
    let gif: UnsafeMutablePointer<GifFileType>
    let screen: PixelSize
    let budget: Int
    var frames = 0
    var hundredths = 0
    /// The delay of the graphic-control block waiting for its image, in hundredths.
    var pendingDelay: Int?
    var loopCount: Int?

    init(gif: UnsafeMutablePointer<GifFileType>, screen: PixelSize, budget: Int) {
        self.gif = gif
        self.screen = screen
        self.budget = budget
    }

    mutating func walk() throws -> GifInfo {
        var record = UNDEFINED_RECORD_TYPE
        repeat {
            try check(DGifGetRecordType(gif, &record))
            switch record {
            case IMAGE_DESC_RECORD_TYPE: try skipImage()
            case EXTENSION_RECORD_TYPE: try readExtension()
            default: break
            }
        } while record != TERMINATE_RECORD_TYPE
        guard frames > 0 else { throw GifReadError.damaged("the GIF has no frame") }
        return GifInfo(screenSize: screen, frameCount: frames, loopCount: loopCount,
                       durationSeconds: frames > 1 ? Double(hundredths) / 100 : 0)
    }

    private mutating func skipImage() throws {
        frames += 1
        let pixels = frames.multipliedReportingOverflow(by: screen.pixelCount)
        if pixels.overflow || pixels.partialValue > budget {
            throw GifReadError.overBudget(frames: frames, screen: screen, budget: budget)
        }
        let delay = pendingDelay ?? 0
        hundredths += delay < GifReader.browserMinimumDelay ? GifReader.browserDefaultDelay : delay
        pendingDelay = nil
        try check(DGifGetImageDesc(gif))
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        try check(DGifGetCode(gif, &codeSize, &block))
        while block != nil { try check(DGifGetCodeNext(gif, &block)) }
    }

    private mutating func readExtension() throws {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        try check(DGifGetExtension(gif, &code, &block))
        var first = true
        var netscape = false
        while let data = block {
            let length = Int(data[0])
            if code == GRAPHICS_EXT_FUNC_CODE, first, length >= 4 {
                pendingDelay = Int(data[2]) | Int(data[3]) << 8
            } else if code == APPLICATION_EXT_FUNC_CODE, first, length == 11 {
                netscape = Array(UnsafeBufferPointer(start: data + 1, count: 11)) == Array("NETSCAPE2.0".utf8)
            } else if netscape, length >= 3, data[1] == 1 {
                loopCount = Int(data[2]) | Int(data[3]) << 8
            }
            first = false
            try check(DGifGetExtensionNext(gif, &block))
        }
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else {
            throw GifReadError.damaged("giflib: \(GifReader.message(gif.pointee.Error))")
        }
    }
}
