import Dispatch

/// Runs a stage with a fixed number of workers between two bounded queues.
///
/// Settled items pass through untouched, or, given a `settled` queue (the pipeline's last),
/// go straight there: an unchanged file of a re-run crosses two queues, not eight. A thrown
/// `IngestError` becomes a settled failure.
/// When the input is drained and every worker has finished, the output is closed. With an
/// observer, each worker times every file it works on (see `PipelineObserver`); without one
/// the loop reads no clock.
enum StageRunner {
    static func start<Stage: PipelineStage>(
        _ stage: Stage, workers: Int,
        input: BlockingQueue<PipelineItem<Stage.Input>>,
        output: BlockingQueue<PipelineItem<Stage.Output>>,
        settled: BlockingQueue<PipelineItem<AssetDraft>>? = nil,
        group: DispatchGroup,
        observer: PipelineObserver? = nil
    ) {
        let lanes = StageLanes(output: output, settled: settled)
        let finished = DispatchGroup()
        let count = max(1, workers)
        observer?.stageStarted(stage.name, workers: count)
        for index in 0..<count {
            // One serial queue per worker: each blocks on its input queue, and serial queues get
            // a thread of their own instead of starving the shared pool.
            DispatchQueue(label: "shoebox.\(stage.name).\(index)").async(group: finished) {
                if let observer {
                    runTimed(stage, worker: index, input: input, lanes: lanes, observer: observer)
                    return
                }
                // The input is gone before the push waits for room: a decoded picture a stage is
                // done with is not kept while the next stage is full.
                while let result = input.pop().map({ process($0, with: stage) }) {
                    lanes.push(result)
                }
            }
        }
        group.enter()
        finished.notify(queue: .global()) {
            output.close()
            group.leave()
        }
    }

    /// The worker loop, timed: the wait on the input queue, the work, the wait for room in the
    /// output queue. Settled items passing through are not timed (the stage does nothing).
    private static func runTimed<Stage: PipelineStage>(
        _ stage: Stage, worker: Int,
        input: BlockingQueue<PipelineItem<Stage.Input>>,
        lanes: StageLanes<Stage.Output>,
        observer: PipelineObserver
    ) {
        var asked = MonotonicClock.now()
        while let item = input.pop() {
            let began = MonotonicClock.now()
            LibraryClock.startCounting()
            let result = process(item, with: stage)
            let libraries = LibraryClock.stopCounting() ?? []
            let ended = MonotonicClock.now()
            guard case let .work(payload) = item else {
                lanes.push(result)
                asked = MonotonicClock.now()
                continue
            }
            var timing = StageTiming(stage: stage.name, worker: worker, item: result, input: payload.draft, start: began,
                                     work: ended - began, waited: began - asked, blocked: 0)
            if libraries.contains(where: { $0 > 0 }) { timing.libraries = libraries }
            lanes.push(result)
            asked = MonotonicClock.now()
            timing.blocked = asked - ended
            observer.record(timing)
        }
    }

    /// Times the discover walk for `observer`: returns the queue the walk should push into, and
    /// hands every entry on to `output` (closing it after the walk's queue), recording as each
    /// entry's work the time spent waiting for the walk to yield it, and as `blocked` the time
    /// `output` was full.
    ///
    /// The walk itself is not instrumented; this hand-over adds one thread switch per entry,
    /// only while observed. The walk's queue holds one entry, so the walk stays barely ahead.
    static func timedWalk(into output: BlockingQueue<PipelineItem<DiscoveredFile>>, stage: String = "discover",
                          observer: PipelineObserver, group: DispatchGroup) -> BlockingQueue<PipelineItem<DiscoveredFile>> {
        let walked = BlockingQueue<PipelineItem<DiscoveredFile>>(capacity: 1)
        observer.stageStarted(stage, workers: 1)
        DispatchQueue(label: "shoebox.\(stage).timing").async(group: group) {
            var asked = MonotonicClock.now()
            while let item = walked.pop() {
                let found = MonotonicClock.now()
                var timing = StageTiming(stage: stage, worker: 0, item: item, input: nil, start: asked,
                                         work: found - asked, waited: 0, blocked: 0)
                output.push(item)
                asked = MonotonicClock.now()
                timing.blocked = asked - found
                observer.record(timing)
            }
            output.close()
        }
        return walked
    }

    private static func process<Stage: PipelineStage>(
        _ item: PipelineItem<Stage.Input>, with stage: Stage
    ) -> PipelineItem<Stage.Output> {
        switch item {
        case let .settled(settlement):
            return .settled(settlement)
        case let .work(input):
            do {
                return try inStage(stage.process(input), named: stage.name)
            } catch {
                let draft = input.draft
                let failure = error as? IngestError ?? IngestError(.damaged, path: draft.file.path, reason: "\(error)", causedBy: error)
                return inStage(.settled(.failed(failure, file: draft.file, contentHash: draft.contentHash.isEmpty ? nil : draft.contentHash,
                                                existingID: draft.existingID)), named: stage.name)
            }
        }
    }

    /// A failure settled in a stage names that stage, unless it named one already.
    private static func inStage<Payload>(_ item: PipelineItem<Payload>, named name: String) -> PipelineItem<Payload> {
        guard case .settled(.failed(var failure, let file, let hash, let existingID)) = item, failure.stage == nil else { return item }
        failure.stage = IngestStage(rawValue: name)
        return .settled(.failed(failure, file: file, contentHash: hash, existingID: existingID))
    }
}
