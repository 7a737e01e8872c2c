import Foundation
import Testing

/// Runs one of the tools tests make their media with (`vips`, `exiftool`, `ffmpeg`: Debian
/// packages that `scripts/setup-debian.sh` installs), failing the test when it fails.
enum FixtureTool {
    /// Whether HEICs can be made here: libvips writes them through libheif's x265 encoder, and
    /// exiftool edits their EXIF.
    static let canMakeHEIC = ["vips", "exiftool"].allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }
        && ((try? run("vips", ["-l", "foreign"])).map { String(decoding: $0, as: UTF8.self).contains("heifsave") } ?? false)

    /// Runs `/usr/bin/TOOL ARGUMENTS` to its end and returns what it wrote on standard output.
    /// `outputIsEnough`: a non-zero status with some output is not a failure (exiftool's way
    /// of reporting a file it could read only in part).
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], outputIsEnough: Bool = false,
                    executable: URL? = nil) throws -> Data {
        let process = Process()
        process.executableURL = executable ?? URL(fileURLWithPath: "/usr/bin").appendingPathComponent(tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["VIPS_WARNING": "0"]) { _, new in new }
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-tool-\(UUID().uuidString).err")
        try Data().write(to: errors)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try #require(process.terminationStatus == 0 || (outputIsEnough && !data.isEmpty),
                     "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(message)")
        return data
    }
}
