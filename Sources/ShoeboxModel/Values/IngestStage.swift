/// The pipeline stage a file failed in: stored with its failure and given by `list --json`
/// and `ingest --json`, stable for scripts. The names are the stages' own.
public enum IngestStage: String, Codable, Sendable, CaseIterable {
    case discover, plan, read, match, decode, orient, classify, thumbnail
}
