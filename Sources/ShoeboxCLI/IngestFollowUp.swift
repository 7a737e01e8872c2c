import Foundation

/// What `ingest --covers --gallery DIR` does once the files are in: `shoebox covers`, then
/// `shoebox gallery --out DIR`, each as that command runs, on the same library and catalog
/// (and pipeline, for covers; and `--quiet`, which covers honours too), once the ingest has
/// let the library's lock go. They follow an
/// ingest that ended (some files may have failed: status 1), not one that was refused or
/// ended by a signal. The status is the worst of the three.
enum IngestFollowUp {
    static func run(after status: Int32, _ args: CommandLineArguments) throws -> Int32 {
        guard status == ExitStatus.success || status == ExitStatus.failure else { return status }
        var shared: [String] = []
        for option in ["--library", "--catalog"] {
            if let value = args.value(option) { shared += [option, value] }
        }
        var worst = status
        if args.has("--covers") {
            let quiet = args.has("--quiet") ? ["--quiet"] : []
            worst = max(worst, try CoversCommand.run(shared + quiet + (args.value("--pipeline").map { ["--pipeline", $0] } ?? [])))
        }
        if let out = args.value("--gallery") {
            worst = max(worst, try GalleryCommand.run(shared + ["--out", out]))
        }
        return worst
    }
}
