import Foundation
import Testing

/// docs/CLI.md holds every command's `--help` as the binary prints it: a help text changed
/// without the reference (or the reference by hand) fails here. `scripts/cli-help.sh` writes
/// the reference again from a build.
@Suite struct CLIReferenceTests {
    static let reference = Fixtures.repository.appendingPathComponent("docs/CLI.md")

    /// `shoebox --help` names the commands; each must be in the reference too.
    static var commands: [String] {
        get throws {
            let help = try ShoeboxBinary.run(["--help"]).output
            let listed = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first ?? ""
            return listed.components(separatedBy: "\n\n")[0].split(separator: "\n")
                .compactMap { $0.split(separator: " ").first.map(String.init) }
        }
    }

    @Test func theReferenceHoldsEveryCommandsHelpAsTheBinaryPrintsIt() throws {
        let text = try String(contentsOf: Self.reference, encoding: .utf8)
        let commands = try Self.commands

        #expect(commands.count == 20)
        for command in [nil] + commands.map(Optional.some) {
            let arguments = (command.map { [$0] } ?? []) + ["--help"]
            let help = try ShoeboxBinary.run(arguments).output
            let block = "```\n$ shoebox \(arguments.joined(separator: " "))\n\(help)```\n"
            #expect(text.contains(block), "docs/CLI.md differs from `shoebox \(arguments.joined(separator: " "))`: run scripts/cli-help.sh")
        }
    }
}
