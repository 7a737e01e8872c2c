import Foundation

/// A tool run to its end with an input: what the man page, completion and installed-layout
/// tests run (groff, bash, a shell on PATH).
enum ToolProcess {
    /// Runs `tool` with `input` on its standard input; its output and errors, each read to its
    /// end on a thread of its own, so that no pipe fills while another is written.
    static func run(_ tool: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
        try process.run()
        let errors = Box(), done = DispatchGroup()
        DispatchQueue.global().async(group: done) { errors.value = stderr.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: done) {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors.value, as: UTF8.self))
    }

    /// Bytes handed from the thread that read them (which ends before they are read).
    private final class Box: @unchecked Sendable {
        var value = Data()
    }
}
