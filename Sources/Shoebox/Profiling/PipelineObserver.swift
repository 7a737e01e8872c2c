/// Hears how long each file spends in each stage of an ingest: the profiler's only hook.
///
/// Given to `IngestPipeline(observer:)`. Without an observer the pipeline reads no clock and
/// calls nothing; with one, every stage reports every file it worked on. Every observer keeps
/// these rules:
/// - `record` is called from the stages' worker threads, several at once: it must be
///   thread-safe.
/// - It runs on the worker between two files, so it must be quick (append and return) and
///   must never block on the pipeline's queues or throw.
/// - `stageStarted` is called once per stage before that stage's first `record`, from the
///   thread that starts the run.
public protocol PipelineObserver: AnyObject, Sendable {
    /// A stage is starting with `workers` workers (numbered from 0 in `StageTiming.worker`).
    func stageStarted(_ stage: String, workers: Int)
    /// One file has left one stage.
    func record(_ timing: StageTiming)
}
