import CLoadedLibrary
import COrcLock
import CVips
import CLazyLibraries
import Foundation

/// The process-wide libvips setup and its error buffer.
///
/// `start()` is idempotent and thread-safe. Every function that makes an image from nothing
/// (a header, a decode, pixels) runs it first (`startWithoutModules()`, or `start(for:)` with
/// the format), so libvips is always started Shoebox's way before its first image.
/// After it, only the trusted, fuzzed loaders Shoebox asks for by name can run, and of
/// libvips's plug-in modules only the HEIF and JPEG XL ones are loaded (`sb_vips_start_prepared`
/// loads none; each is loaded once, by `sb_vips_load_module`, when `start()` or
/// `start(for:)` needs it).
/// Commands that never open an image never call it, and so never pay its start-up.
/// `start(for:)` starts libvips with only the module one format needs (none for most), for a
/// caller that opens files one at a time and may need neither (`FileMetadataReader`).
/// `VipsStartup` runs `start()` on a thread of its own while the caller does other work.
///
/// The environment libvips reads is written before libvips starts (VIPSHOME set), and
/// restored once it has (VIPSHOME removed), on the thread that starts it, as it always was;
/// or, for a start on a thread of its own (`VipsStartup`), both on the thread that begins it
/// and waits for it, each while the process has no other thread.
public enum Vips {
    /// 0 started without modules, 1 started with the user's VIPSHOME modules, -1 failed.
    private static let startOnce: Int32 = {
        let started = sb_vips_start_prepared(CommandLine.arguments.first ?? "shoebox", 1, environmentOnce)
        // Unserialised, orc's code memory can be corrupted by two resizes at once: libvips then
        // runs its plain C loops instead.
        if started >= 0 && !orcCallsAreSerialised { sb_vips_turn_orc_off() }
        if !restoresLater { sb_vips_restore_environment(environmentOnce) }
        return started
    }()
    /// Who chooses the modules, and whether VIPSHOME was set here (`sb_vips_prepare_environment`).
    private static let environmentOnce: SBVipsHome = sb_vips_prepare_environment(libraryFolder)
    /// Set by `prepareEnvironment()`, while the process is alone, before the thread that reads
    /// it exists (so no lock): the environment is restored by `restoreEnvironment()` instead.
    nonisolated(unsafe) private static var restoresLater = false
    /// The modules are loaded after libvips started, each once; nothing when libvips loaded its own.
    private static let heifModuleOnce: Void = loadModule(SB_VIPS_MODULE_HEIF)
    private static let jxlModuleOnce: Void = loadModule(SB_VIPS_MODULE_JXL)

    /// For a start on another thread (`VipsStartup`): writes what libvips reads from the
    /// environment, and says whether starting libvips will now write nothing more there (false
    /// when the user asks libvips for its debugging output, VIPS_INFO, or the folder holding
    /// libvips is unknown: libvips then guesses VIPSHOME and sets it). Call it only while the
    /// process has no other thread, before libvips starts, and start the thread only when it
    /// returns true; then call `restoreEnvironment()` once libvips has started and that thread
    /// has ended (even when it returns false: the environment is then restored there too).
    static func prepareEnvironment() -> Bool {
        restoresLater = true
        _ = environmentOnce
        return sb_vips_start_writes_environment() == 0
    }

    /// Removes what `prepareEnvironment()` set, once libvips has started on the other thread,
    /// so that a child process starts as this one did. Call it only while the process has no
    /// other thread.
    static func restoreEnvironment() {
        sb_vips_restore_environment(environmentOnce)
    }

    /// The folder libvips was loaded from, where its modules folder is: libvips is opened here
    /// (CLazyLibraries), before anything of it is called.
    private static let libraryFolder: String? = {
        sb_vips_lazy_load()
        var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard sb_loaded_library_folder("vips_init", &folder, folder.count) == 0 else { return nil }
        return String(cString: folder)
    }()

    /// Starts libvips (once) with both of its modules Shoebox uses. Throws if libvips cannot initialise.
    public static func start() throws {
        try startWithoutModules()
        _ = heifModuleOnce
        _ = jxlModuleOnce
    }

    /// Starts libvips (once) with the module `format`'s loader is in, if any, loaded (once):
    /// HEIF's for HEIC and AVIF, JPEG XL's for JPEG XL. Throws if libvips cannot initialise.
    /// A module loaded while other threads call libvips is the risk `start(needing:)` avoids:
    /// a worker calls this before opening a file only so that a file no one foresaw still
    /// decodes.
    public static func start(for format: MediaFormat) throws {
        try startWithoutModules()
        switch format {
        case .heic, .avif: _ = heifModuleOnce
        case .jxl: _ = jxlModuleOnce
        default: break
        }
    }

    /// Starts libvips (once) with the modules `formats` need loaded (once), both when `formats`
    /// is nil (any file may come). For a caller that knows, before any worker opens a file,
    /// which formats it will open: a run over JPEGs and videos maps neither module's libraries
    /// (libheif's codecs, libjxl and libhwy, whose timer calibration alone takes 2-3 ms).
    public static func start(needing formats: Set<MediaFormat>?) throws {
        guard let formats else { return try start() }
        try startWithoutModules()
        for format in formats { try start(for: format) }
    }

    /// Starts libvips (once) with no module loaded: what a function that makes an image from
    /// nothing runs first when it does not know the format. libvips otherwise starts itself on
    /// its first image (`vips_check_init`), with its own settings, and that start is the one it
    /// does not guard: a `vips_init` that finds another still running on another thread returns
    /// at once, before libvips's types exist, and Shoebox's blocking of untrusted loaders then
    /// aborts inside libvips (an assertion on an invalid class: stop 50's CI, a test's first
    /// image made beside another test's start).
    static func startWithoutModules() throws {
        if startOnce < 0 {
            throw MediaError.vips(operation: "vips_init", message: takeErrorMessage())
        }
    }

    /// Whether libvips's calls that make and free orc code run one at a time (`COrcLock`): orc
    /// 0.4.33 changes its code memory outside its own lock, and the workers' resizes, built and
    /// dropped side by side, then corrupt the heap (docs/BENCHMARKS.md, "the heap corruption is
    /// orc's"). False only in a process not linked with COrcLock or whose program does not
    /// export its functions; libvips's start then turns orc off.
    package static var orcCallsAreSerialised: Bool { sb_orc_calls_are_serialised() == 1 }

    private static func loadModule(_ module: SBVipsModule) {
        guard startOnce == 0 else { return }
        sb_vips_load_module(libraryFolder, module)
    }

    /// Copies and clears libvips's process-wide error buffer under its lock, so that no worker
    /// reads a torn message; the last line is the most specific. libvips cannot tie a message
    /// to the call that failed (one buffer for the process: libvips issue 5010), so when two
    /// files fail at the same moment one may carry both messages and the other none, and a
    /// class read from a library's words (its own size limit, a feature it lacks) may follow.
    static func takeErrorMessage() -> String {
        guard let raw = vips_error_buffer_copy() else { return "libvips gave no message" }
        defer { g_free(raw) }
        let lines = String(cString: raw).split(separator: "\n").map(String.init)
        let message = lines.joined(separator: "; ")
        return message.isEmpty ? "libvips gave no message" : message
    }
}
