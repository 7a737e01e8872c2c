import Foundation
import Testing
@testable import Shoebox

/// `shoebox --version`, `--man` and `--completions`: what a package installs beside the binary,
/// made from the help texts by the binary itself.
@Suite struct ManPageAndCompletionTests {
    static let groff = FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")

    @Test func theVersionIsPrinted() throws {
        let run = try ShoeboxBinary.run(["--version"])
        #expect(run.status == 0 && run.output == "shoebox \(ShoeboxVersion.number)\n")
    }

    /// groff renders the page without a warning, and it holds every command with its abstract.
    @Test(.enabled(if: groff, "groff is not installed (apt-get install groff-base): skipped"))
    func theManPageRendersEveryCommand() throws {
        let page = try ShoeboxBinary.run(["--man"]).output
        #expect(page.hasPrefix(".TH SHOEBOX 1 "))
        let rendered = try ToolProcess.run("/usr/bin/groff", ["-man", "-ww", "-Tutf8", "-P-cbou"], input: page)
        #expect(rendered.status == 0 && rendered.errors == "", "groff: \(rendered.errors)")
        let text = rendered.output.replacingOccurrences(of: "\u{2010}", with: "-")
        for command in try CLIReferenceTests.commands {
            #expect(text.contains("   \(command)\n"), "a section for \(command)")
            #expect(text.contains("USAGE: shoebox \(command)"), "\(command)'s usage line")
        }
        #expect(text.contains("--completions SHELL"))
    }

    /// The bash script completes commands, then each command's options from its help.
    @Test func bashCompletesCommandsAndTheirOptions() throws {
        let script = try ShoeboxBinary.run(["--completions", "bash"]).output
        func complete(_ words: String) throws -> String {
            let run = try ToolProcess.run("/bin/bash", ["-c", """
                source /dev/stdin
                COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _shoebox; echo "${COMPREPLY[*]}"
                """], input: script)
            return run.output.trimmingCharacters(in: .newlines)
        }
        #expect(try complete("shoebox ing") == "ingest")
        #expect(try complete("shoebox mo") == "moments")
        #expect(try complete("shoebox moments --y") == "--year")
        #expect(try complete("shoebox list --mo") == "--moment")
        #expect(try complete("shoebox gallery --p") == "--page-size --profile")
        let unknown = try ShoeboxBinary.run(["--completions", "fish"])
        #expect(unknown.status == 64 && unknown.errors.hasPrefix("Error: --completions takes bash or zsh"))
    }
}
