import Testing
@testable import Shoebox

/// Every format Shoebox recognises is decoded by one decoder, the table's first that takes it.
@Suite struct DecoderTableTests {
    static let expected: [(formats: [MediaFormat], decoder: String)] = [
        ([.mp4, .matroska, .avi], "VideoPosterDecoder"),
        ([.bmp], "BitmapDecoder"),
        ([.dng, .cr2, .cr3, .crw, .nef, .nrw, .arw, .sr2, .raf, .rw2, .orf, .pef, .srw, .threeFR, .iiq, .x3f, .mrw, .erf],
         "RawImageDecoder"),
        ([.jpeg, .png, .gif, .webp, .tiff, .heic, .avif, .jxl], "StillImageDecoder"),
    ]

    @Test func eachFormatHasItsDecoder() throws {
        let configuration = try Fixtures.pipeline()
        for (formats, name) in Self.expected {
            for format in formats {
                let decoder = DecoderTable.decoder(for: format, configuration: configuration, memoryGate: nil)
                #expect("\(type(of: decoder))" == name, "\(format)")
            }
        }
    }

    @Test func theTableCoversEveryFormat() {
        #expect(Set(Self.expected.flatMap(\.formats)) == Set(MediaFormat.allCases))
    }
}
