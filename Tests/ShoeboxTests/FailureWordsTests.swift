import Testing
@testable import ShoeboxModel

/// What the failures page says of a failure (`FailureWords`).
@Suite struct FailureWordsTests {
    @Test(arguments: [
        ("truncated: the JPEG data ends before its end-of-image marker", "The file ends early"),
        ("heif: Decoder plugin generated an error: Unexpected end of file (7.100)", "The file ends early"),
        ("VipsJpeg: Corrupt JPEG data: premature end of data segment", "The file ends early"),
        ("ffmpeg decode: no frame could be decoded", "The file is damaged"),
        (nil, "The file is damaged"),
    ] as [(String?, String)])
    func aDamagedFileThatEndsEarlyIsSaidToBeCopiedIncompletely(message: String?, start: String) {
        #expect(FailureWords.reason(.damaged, message: message).hasPrefix(start))
    }
}
