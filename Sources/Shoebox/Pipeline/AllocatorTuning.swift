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
}
