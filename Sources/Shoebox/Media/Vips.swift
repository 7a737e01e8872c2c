import CLoadedLibrary
import CVips
import Foundation

/// The process-wide libvips setup and its error buffer.
///
/// `start()` must run before any other libvips call; it is idempotent and thread-safe.
/// After it, only the trusted, fuzzed loaders Shoebox asks for by name can run, and of
/// libvips's plug-in modules only the HEIF and JPEG XL ones are loaded (`sb_vips_start_prepared`
/// loads none; each is loaded once, by `sb_vips_load_module`, when `start()` or
/// `start(for:)` needs it).
/// Commands that never open an image never call it, and so never pay its start-up.
/// `start(for:)` starts libvips with only the module one format needs (none for most), for a
/// caller that opens files one at a time and may need neither (`FileMetadataReader`).
/// `VipsStartup` runs `start()` on a thread of its own while the caller does other work.
///
/// The environment libvips reads is written once, before libvips starts
/// (`prepareEnvironment()`, on the thread that first needs it), and never again.
public enum Vips {
    /// 0 started without modules, 1 started with the user's VIPSHOME modules, -1 failed.
    private static let startOnce: Int32 = sb_vips_start_prepared(CommandLine.arguments.first ?? "shoebox", 1,
                                                                 environmentOnce)
    /// 1 when Shoebox chooses the modules, 0 when the user's VIPSHOME does (`sb_vips_prepare_environment`).
    private static let environmentOnce: Int32 = sb_vips_prepare_environment(libraryFolder)
    /// The modules are loaded after libvips started, each once; nothing when libvips loaded its own.
    private static let heifModuleOnce: Void = loadModule(SB_VIPS_MODULE_HEIF)
    private static let jxlModuleOnce: Void = loadModule(SB_VIPS_MODULE_JXL)

    /// Writes what libvips reads from the environment (once; later calls do nothing), and says
    /// whether starting libvips will now write nothing more there: false only when the user
    /// asks libvips for its debugging output (VIPS_INFO), or the folder holding libvips is
    /// unknown (libvips then guesses VIPSHOME and sets it). A caller that starts libvips on
    /// another thread calls this first, while its process has no other thread, and starts that
    /// thread only when it returns true (`VipsStartup`).
    static func prepareEnvironment() -> Bool {
        _ = environmentOnce
        return sb_vips_start_writes_environment() == 0
    }

    /// The folder libvips was loaded from, where its modules folder is.
    private static let libraryFolder: String? = {
        var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard sb_loaded_library_folder("vips_init", &folder, folder.count) == 0 else { return nil }
        return String(cString: folder)
    }()

    /// Starts libvips (once) with both of its modules Shoebox uses. Throws if libvips cannot initialise.
    public static func start() throws {
        try startCore()
        _ = heifModuleOnce
        _ = jxlModuleOnce
    }

    /// Starts libvips (once) with the module `format`'s loader is in, if any, loaded (once):
    /// HEIF's for HEIC and AVIF, JPEG XL's for JPEG XL. Throws if libvips cannot initialise.
    public static func start(for format: MediaFormat) throws {
        try startCore()
        switch format {
        case .heic, .avif: _ = heifModuleOnce
        case .jxl: _ = jxlModuleOnce
        default: break
        }
    }

    private static func startCore() throws {
        if startOnce < 0 {
            throw MediaError.vips(operation: "vips_init", message: takeErrorMessage())
        }
    }

    private static func loadModule(_ module: SBVipsModule) {
        guard startOnce == 0 else { return }
        sb_vips_load_module(libraryFolder, module)
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
