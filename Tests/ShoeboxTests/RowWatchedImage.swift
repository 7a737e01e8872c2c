import CVips
import Foundation
@testable import Shoebox
@testable import ShoeboxMedia

/// A grey RGB image made in memory, behind a pass-through line operation that calls `onRow` for
/// every row computed through it, on the thread that computes it: how tests see how often, and
/// where, libvips computes an image's rows (as a decode's colour conversion sits behind a fit).
enum RowWatchedImage {
    private final class Watch: @unchecked Sendable {
        let onRow: () -> Void
        init(_ onRow: @escaping () -> Void) { self.onRow = onRow }
    }

    static func make(width: Int, height: Int, onRow: @escaping () -> Void) throws -> Shoebox.VipsImage {
        let pixels = [UInt8](repeating: 128, count: width * height * 3)
        let made = try pixels.withUnsafeBytes { try VipsImage.fromRGB($0, width: width, height: height) }
        let state = Unmanaged.passRetained(Watch(onRow)).toOpaque()
        return try VipsImage.make("watch rows") { out in
            sb_vips_map_lines(made.pointer, out, { state, input, output, width in
                guard let state, let input, let output else { return }
                Unmanaged<Watch>.fromOpaque(state).takeUnretainedValue().onRow()
                output.update(from: input, count: Int(width) * 3)
            }, { state in
                if let state { Unmanaged<Watch>.fromOpaque(state).release() }
            }, state)
        }
    }
}
