import CLoadedLibrary
import CVips
import Foundation

/// The process-wide libvips setup and its error buffer.
///
/// `start()` must run before any other libvips call; it is idempotent and thread-safe.
/// After it, only the trusted, fuzzed loaders Shoebox asks for by name can run, and of
/// libvips's plug-in modules only the HEIF and JPEG XL ones are loaded (`sb_vips_start`).
/// Commands that never open an image never call it, and so never pay its start-up.
public enum Vips {
    private static let startOnce: Int32 = sb_vips_start(CommandLine.arguments.first ?? "shoebox", 1, libraryFolder)

    /// The folder libvips was loaded from, where its modules folder is.
    private static var libraryFolder: String? {
        var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard sb_loaded_library_folder("vips_init", &folder, folder.count) == 0 else { return nil }
        return String(cString: folder)
    }

    /// Starts libvips (once). Throws if libvips cannot initialise.
    public static func start() throws {
        if startOnce != 0 {
            throw MediaError.vips(operation: "vips_init", message: takeErrorMessage())
        }
    }

    /// Copies and clears libvips's process-wide error buffer under its lock, so that parallel
    /// workers never read each other's messages as a whole; the last line is the most specific.
    static func takeErrorMessage() -> String {
        guard let raw = vips_error_buffer_copy() else { return "unknown libvips error" }
        defer { g_free(raw) }
        let lines = String(cString: raw).split(separator: "\n").map(String.init)
        let message = lines.joined(separator: "; ")
        return message.isEmpty ? "unknown libvips error" : message
    }
}
