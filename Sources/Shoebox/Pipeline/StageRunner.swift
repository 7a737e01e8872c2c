import Dispatch

/// Runs a stage with a fixed number of workers between two bounded queues.
///
/// Settled items pass through untouched; a thrown `IngestError` becomes a settled failure.
/// When the input is drained and every worker has finished, the output is closed.
enum StageRunner {
    static func start<Stage: PipelineStage>(
        _ stage: Stage, workers: Int,
        input: BlockingQueue<PipelineItem<Stage.Input>>,
        output: BlockingQueue<PipelineItem<Stage.Output>>,
        group: DispatchGroup
    ) {
        let finished = DispatchGroup()
        for index in 0..<max(1, workers) {
            // One serial queue per worker: each blocks on its input queue, and serial queues get
            // a thread of their own instead of starving the shared pool.
            DispatchQueue(label: "shoebox.\(stage.name).\(index)").async(group: finished) {
                while let item = input.pop() {
                    output.push(process(item, with: stage))
                }
            }
        }
        group.enter()
        finished.notify(queue: .global()) {
            output.close()
            group.leave()
        }
    }

    private static func process<Stage: PipelineStage>(
        _ item: PipelineItem<Stage.Input>, with stage: Stage
    ) -> PipelineItem<Stage.Output> {
        switch item {
        case let .settled(settlement):
            return .settled(settlement)
        case let .work(input):
            do {
                return try stage.process(input)
            } catch {
                let draft = input.draft
                let failure = error as? IngestError ?? IngestError(.damaged, path: draft.file.path, reason: "\(error)")
                return .settled(.failed(failure, file: draft.file, contentHash: draft.contentHash.isEmpty ? nil : draft.contentHash,
                                        existingID: draft.existingID))
            }
        }
    }
}
