import CCrashGuard
import Foundation
import ShoeboxModel
#if canImport(Glibc)
import Glibc
#endif

/// `Vips.start(needing:)` on a thread of its own, begun before the caller's other start-up work
/// (an ingest's library lock and catalog) and waited for before the first image is opened:
/// libvips's start with its HEIF and JPEG XL modules (libhwy's timer calibration, libde265's
/// tables, mapping their libraries) and the catalog's creation then take the time of the
/// longer of the two, not of both (issue 14).
///
/// What callers may rely on:
/// - the environment is written only while the process has no other thread (a forked ingest
///   child's first thread, parked while its own runs, does not count): `begin()` sets
///   what libvips reads (`Vips.prepareEnvironment()`) before it starts the thread, and starts
///   one only when the process is alone then and libvips's start will write nothing more
///   (otherwise `wait()` starts libvips on the caller, as `Vips.start()` always did); `wait()`
///   removes VIPSHOME again once libvips has started, when the process is alone again (else
///   it stays `/dev/null`, which a child process takes as Shoebox's own, as this one did);
/// - nothing else calls libvips while its modules load (`sb_vips_load_module` is not
///   thread-safe), as long as the caller opens no image before `wait()`; any other
///   `Vips.start()` meanwhile waits for this one;
/// - the thread has ended when `wait()` or `finish()` returns, and `finish()` (for paths that
///   end early) is safe to call after `wait()`, so no process exits while libvips is starting.
public final class VipsStartup: @unchecked Sendable {
    private var thread: pthread_t?
    /// Whether `begin()` set the environment, for `wait()` to restore it.
    private let prepared: Bool
    /// The formats whose modules are loaded (`Vips.start(needing:)`); nil: both modules.
    private let formats: Set<MediaFormat>?

    private init(thread: pthread_t?, prepared: Bool, formats: Set<MediaFormat>?) {
        self.thread = thread
        self.prepared = prepared
        self.formats = formats
    }

    /// The start's own thread reads the formats and its follow-up from here, set before it exists.
    nonisolated(unsafe) private static var startingFormats: Set<MediaFormat>?
    nonisolated(unsafe) private static var followUp: (@Sendable () -> Void)?

    /// Starts libvips on a new thread when the process is alone now (see the type's notes);
    /// otherwise starts nothing, and `wait()` starts it. With `formats`, only the modules they
    /// need are loaded (`Vips.start(needing:)`); nil loads both. `then` runs on that thread
    /// after libvips's start, before `wait()` returns (start-up work that writes no
    /// environment: `FFmpegPrefetch`); it does not run when no thread is started.
    public static func begin(needing formats: Set<MediaFormat>? = nil,
                             then: (@Sendable () -> Void)? = nil) -> VipsStartup {
        guard sb_process_has_one_working_thread() == 1 else { return VipsStartup(thread: nil, prepared: false, formats: formats) }
        guard Vips.prepareEnvironment() else { return VipsStartup(thread: nil, prepared: true, formats: formats) }
        startingFormats = formats
        followUp = then
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { _ in
            try? Vips.start(needing: VipsStartup.startingFormats)   // a failure is thrown again by `wait()`
            VipsStartup.followUp?()
            return nil
        }, nil)
        return VipsStartup(thread: rc == 0 ? thread : nil, prepared: true, formats: formats)
    }

    /// Waits for libvips's start; throws what `Vips.start(needing:)` throws.
    public func wait() throws {
        finish()
        try Vips.start(needing: formats)
        if prepared && sb_process_has_one_working_thread() == 1 { Vips.restoreEnvironment() }
    }

    /// Waits for the thread, if any, to end (once).
    public func finish() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }
}
