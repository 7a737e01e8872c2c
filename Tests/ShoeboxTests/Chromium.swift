import Foundation

/// Headless Chromium (Debian's `chromium`, which `scripts/setup-debian.sh` installs), for the
/// tests that check generated pages in a real browser; they skip with `missing` without it.
enum Chromium {
    static let executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let missing = "headless Chromium is not installed (Debian package chromium): browser tests skipped"

    /// The DOM of `page` once its scripts have run and its images loaded (virtual time), in
    /// a window `width` x `height`. Pages may read other `file://` pages (`probe` pages
    /// reading the gallery's pages in frames).
    static func dumpDOM(of page: URL, width: Int = 1000, height: Int = 800) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? "/usr/bin/chromium")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
                             "--allow-file-access-from-files", "--virtual-time-budget=10000",
                             "--window-size=\(width),\(height)", "--dump-dom", page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func screenshot(of page: URL, to file: URL, width: Int = 1000, height: Int = 700) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? "/usr/bin/chromium")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=5000",
                             "--window-size=\(width),\(height)", "--screenshot=\(file.path)", page.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
}
