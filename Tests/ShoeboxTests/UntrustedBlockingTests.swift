import CVips
import Dispatch
import Foundation
import Testing
@testable import ShoeboxMedia

/// Untrusted libvips operations are blocked again after each libvips module loads
/// (`sb_vips_block_untrusted`), on whichever thread first needs the module, while other threads
/// read files. That blocking never touches the JPEG XL loader, the one untrusted loader Shoebox
/// opens, not even for a moment. libvips's own block-everything-untrusted, followed by
/// unblocking JPEG XL's loaders, refused a JPEG XL opened in between as blocked.
@Suite struct UntrustedBlockingTests {
    @Test func aJPEGXLOpenedWhileUntrustedOperationsAreBlockedAgainIsRead() throws {
        try Vips.start()
        let bytes = SourceBytes(copying: try Data(contentsOf: Fixtures.sample("formats/jxl-codestream.jxl")))
        let blocking = DispatchGroup()
        DispatchQueue.global().async(group: blocking) { for _ in 0..<300 { sb_vips_block_untrusted() } }
        var opened = 0, refused: [String] = []
        repeat {
            do { _ = try VipsImage.header(of: bytes, format: .jxl); opened += 1 } catch { refused.append("\(error)") }
        } while blocking.wait(timeout: .now()) == .timedOut
        #expect(refused.count == 0, "\(refused.count) refused of \(refused.count + opened): \(refused.first ?? "")")
    }
}
