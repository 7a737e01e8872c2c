import Foundation
import Shoebox

/// `shoebox --man`: the manual page, in roff (man(7)), made from the overview and every
/// command's help as the binary prints them, so that it says what `--help` says. A package
/// installs it as `share/man/man1/shoebox.1`.
enum ManPage {
    static func roff(commands: [any Command.Type], overview: String) -> String {
        var page = """
            .TH SHOEBOX 1 "" "shoebox \(ShoeboxVersion.number)" "User Commands"
            .SH NAME
            shoebox \\- ingest folders of photos and videos into a catalog, with oriented, aspect-aware thumbnails
            .SH SYNOPSIS
            .B shoebox
            .I COMMAND
            [\\fIOPTIONS\\fR]
            .br
            .B shoebox \\-\\-version
            .SH DESCRIPTION
            Shoebox decodes each file, fixes its EXIF orientation, classifies it as a photo, video, Live Photo or
            GIF, makes aspect-aware thumbnails and records it in a catalog (SQLite, or PostgreSQL to scale).
            Each command below is shown with its help, as \\fBshoebox COMMAND \\-\\-help\\fR prints it.
            .SH OPTIONS
            .nf
            \(overview.components(separatedBy: "OTHER OPTIONS:\n").dropFirst().joined().split(separator: "\n").map { escapeLine(String($0)) }.joined(separator: "\n"))
            .fi
            .SH COMMANDS

            """
        for command in commands {
            page += ".SS \(escape(command.name))\n\(escape(command.abstract))\n.PP\n.nf\n"
            page += command.help.split(separator: "\n", omittingEmptySubsequences: false).map { escapeLine(String($0)) }
                .joined(separator: "\n")
            page += "\n.fi\n"
        }
        page += """
            .SH ENVIRONMENT
            .TP
            .B SHOEBOX_LIBRARY
            The library folder when \\fB\\-\\-library\\fR is not given.
            .TP
            .B SHOEBOX_CATALOG
            The catalog when \\fB\\-\\-catalog\\fR is not given.
            .SH SEE ALSO
            The reference in the source tree: docs/CLI.md, docs/CATALOG.md, docs/GALLERY.md.

            """
        return page
    }

    /// Text made literal for roff: backslashes and hyphens escaped.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }

    /// A line of preformatted text: escaped, and kept from being read as a request (a line
    /// starting with `.` or `'`), with `\&` before it.
    static func escapeLine(_ line: String) -> String {
        let escaped = escape(line)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
