import Foundation

/// The most workers one stage may run: the one bound `--jobs` and every `concurrency` key of
/// a pipeline file share.
///
/// Each worker holds a thread for the whole run, taken from Dispatch's pool, which Linux's
/// libdispatch caps at 255 threads a process; past it the next worker never starts and the
/// run waits forever (`--jobs 248` did, with no message). Five stages at this bound take 160
/// threads, which leaves room for the walk and the pipeline's own queues. More workers than
/// cores buy nothing anyway, and each decode worker may hold a file and a decoded image.
public enum WorkerLimit {
    public static let maximum = 32

    /// What `0` decode workers means: one per core, within the bound.
    public static var onePerCore: Int { min(ProcessInfo.processInfo.activeProcessorCount, maximum) }

}
