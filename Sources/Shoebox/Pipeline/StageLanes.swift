/// Where a stage's workers put their results: work to the next stage, and settled items (an
/// unchanged file, a failure) to the pipeline's last queue when there is one, since the stages
/// between do nothing with them; each crossing of a queue can cost a thread's wake-up.
struct StageLanes<Output> {
    let output: BlockingQueue<PipelineItem<Output>>
    let settled: BlockingQueue<PipelineItem<AssetDraft>>?

    func push(_ result: PipelineItem<Output>) {
        if let settled, case let .settled(settlement) = result {
            settled.push(.settled(settlement))
        } else {
            output.push(result)
        }
    }
}
