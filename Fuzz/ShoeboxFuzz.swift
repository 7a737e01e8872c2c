// The fuzz harness for the parsers Shoebox writes itself (`ParserFuzzing`, in the library).
//
// Built by scripts/fuzz.sh with libFuzzer and AddressSanitizer (`-D FUZZING`): main hands
// each input to libFuzzer's driver (`LLVMFuzzerRunDriver`). Built as a plain executable (as `swift build`
// builds it), it replays inputs instead: `ShoeboxFuzz FILE...` runs each file through the
// parsers once, so a crash-* file found by a fuzz run is reproduced without libFuzzer.
import Foundation
import Shoebox

@main
enum ShoeboxFuzz {
    static func main() throws {
        #if FUZZING
        var argc = CommandLine.argc, argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
        #else
        try replay(CommandLine.arguments.dropFirst())
        #endif
    }

    /// Each file through the parsers once.
    static func replay(_ files: ArraySlice<String>) throws {
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: ShoeboxFuzz FILE... (each file run through the parsers once)\n".utf8))
            exit(64)
        }
        for file in files {
            try Data(contentsOf: URL(fileURLWithPath: file)).withUnsafeBytes(ParserFuzzing.run)
        }
        print("\(files.count) inputs ran through the parsers")
    }
}

#if FUZZING
/// One input: libFuzzer's objects name this entry, and main hands it to the driver.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ParserFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// libFuzzer's driver, for a program with a main of its own (SwiftPM names an executable's
/// entry point itself, so libFuzzer's main cannot be the program's).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
#endif
