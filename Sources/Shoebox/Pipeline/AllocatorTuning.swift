import CMalloc

/// How the process's allocator treats the large buffers an ingest makes and drops for every
/// file (whole file bytes, decoded pictures: megabytes each).
public enum AllocatorTuning {
    /// Serves allocations of 1 MiB and more with their own mappings, returned to the system when
    /// freed. glibc's default raises that threshold as large blocks are freed, after which freed
    /// multi-megabyte buffers stay in the per-thread arenas: on the benchmark corpus that held
    /// the peak at ~300 MB instead of ~225 MB, at no time cost the benchmark can show
    /// (docs/BENCHMARKS.md). Process-wide; call once at start, before the workers run.
    public static func returnLargeBuffersToTheSystem() {
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
    }

    /// How many arenas the process's threads share (`M_ARENA_MAX`).
    public static let arenaCount = 2

    /// Makes every thread allocate from `arenaCount` arenas instead of glibc's up to eight a
    /// core. Each arena keeps the blocks under the mmap threshold that were freed inside it,
    /// fragmented, and glibc gives a thread (libvips and FFmpeg start their own) a new arena
    /// while fewer than its limit exist: over the first ~600 files of an ingest, more and more
    /// arenas each held their own freed decode memory, and the peak climbed from 174 to ~200 MB
    /// before it stayed (docs/BENCHMARKS.md). With two arenas it stays where the first files
    /// leave it. Process-wide; call once at start, before any other thread allocates: glibc
    /// fixes its limit the first time a process holds more than eight arenas, and arenas
    /// opened before are kept.
    public static func shareFewArenas() {
        _ = mallopt(M_ARENA_MAX, Int32(arenaCount))
    }
}
