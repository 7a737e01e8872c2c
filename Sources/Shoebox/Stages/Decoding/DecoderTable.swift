/// Which decoder takes a format: the first row whose test the format passes. Adding a
/// decoder is adding a row here, not a branch in the decode stage.
enum DecoderTable {
    typealias Row = (takes: @Sendable (MediaFormat) -> Bool,
                     make: @Sendable (PipelineConfiguration, DecodeMemoryGate?) -> any FileDecoder)

    static let rows: [Row] = [
        ({ $0.isVideo }, { configuration, _ in VideoPosterDecoder(configuration: configuration) }),
        ({ $0 == .bmp }, { BitmapDecoder(configuration: $0, memoryGate: $1) }),
        ({ $0.isRaw }, { RawImageDecoder(configuration: $0, memoryGate: $1) }),
        ({ _ in true }, { StillImageDecoder(configuration: $0, memoryGate: $1) }),
    ]

    static func decoder(for format: MediaFormat, configuration: PipelineConfiguration,
                        memoryGate: DecodeMemoryGate?) -> any FileDecoder {
        rows.first { $0.takes(format) }!.make(configuration, memoryGate)
    }
}
