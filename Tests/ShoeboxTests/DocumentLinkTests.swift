import Foundation
import Testing

/// The documents point at each other by relative links and headings' anchors: when a document
/// is folded into another or a heading is renamed, a link that no longer lands is found here,
/// not by a reader.
@Suite struct DocumentLinkTests {
    /// README, docs/ and the pipelines' README: what a reader of the repository follows.
    static let documents = ["README.md", "pipelines/README.md", "samples/README.md", "data/README.md"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.repository.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }

    @Test func everyRelativeLinkLandsOnAFileAndAHeading() throws {
        var broken: [String] = []
        for document in Self.documents.sorted() {
            let url = Fixtures.repository.appendingPathComponent(document)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(parts[0])
                guard FileManager.default.fileExists(atPath: target.path) else { broken.append("\(document): \(link)"); continue }
                if parts.count == 2, target.pathExtension == "md",
                   !Self.anchors(in: (try? String(contentsOf: target, encoding: .utf8)) ?? "").contains(parts[1]) {
                    broken.append("\(document): \(link)")
                }
            }
        }
        #expect(broken == [])
    }

    @Test func anAnchorIsTheHeadingAsGitHubSpellsIt() {
        #expect(Self.anchors(in: "## The JSON lines of `ingest --json`\n### An asset's files: edits") ==
                ["the-json-lines-of-ingest---json", "an-assets-files-edits"])
    }

    /// The targets of `[text](target)` outside code blocks.
    static func links(in text: String) -> [String] {
        var found: [String] = [], inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode else { continue }
            var rest = Substring(line)
            while let open = rest.range(of: "]("), let close = rest[open.upperBound...].firstIndex(of: ")") {
                found.append(String(rest[open.upperBound..<close]))
                rest = rest[close...]
            }
        }
        return found
    }

    /// Each heading's anchor: lower case, punctuation but hyphens dropped, spaces as hyphens.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = [], inCode = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard !inCode, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            let kept = title.lowercased().unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == " " || $0 == "_"
            }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }
}
