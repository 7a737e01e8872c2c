import Foundation
import Testing
@testable import Shoebox

/// The fuzz harness's entry (`ParserFuzzing`, which `ShoeboxFuzz` drives) takes every parser
/// over real files and their cut-off halves without a crash: the seeds a fuzz run starts from,
/// run in every test run, so a parser the harness cannot reach fails here first.
@Suite struct ParserFuzzingTests {
    static let seeds = ["tall.jpg", "photo.heic", "screenshot.png", "gif/animated.gif", "formats/bmp-rle8.bmp",
                        "formats/bmp-32bit.bmp", "formats/jxl-container.jxl", "formats/sequence.avif", "photo.webp", "formats/animated.webp",
                        "video/portrait.mp4"]

    @Test(arguments: seeds) func everyParserTakesARealFileAndItsHalf(seed: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.sample(seed)))
        for parser in 0 ..< ParserFuzzing.parserCount {
            for input in [bytes, Array(bytes.prefix(bytes.count / 2))] {
                ([UInt8(parser)] + input).withUnsafeBytes(ParserFuzzing.run)
            }
        }
    }
}
