import Foundation
import Testing

/// The layers, as the package graph states them: each of Shoebox's targets depends only on
/// the layers below it and on the C libraries its layer owns, so that the compiler, not a
/// reviewer, keeps the catalog free of the pipeline and the values free of every library.
@Suite struct PackageLayerTests {
    /// Shoebox's own targets, lowest first.
    static let layers = ["ShoeboxModel", "ShoeboxPlaces", "ShoeboxParsers", "ShoeboxMedia", "ShoeboxCatalog", "Shoebox", "ShoeboxGallery", "ShoeboxCLI"]

    /// Each target's dependencies, from `swift package dump-package` (its own scratch folder,
    /// so that it never waits on the build this test runs in).
    static func dependencies() throws -> [String: [String]] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let json = try FixtureTool.run("env", ["swift", "package", "--package-path", Fixtures.repository.path,
                                               "--scratch-path", scratch.path, "dump-package"])
        let package = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var graph: [String: [String]] = [:]
        for target in try #require(package["targets"] as? [[String: Any]]) {
            let name = try #require(target["name"] as? String)
            let listed = (target["dependencies"] as? [[String: Any]]) ?? []
            graph[name] = listed.compactMap { ($0.values.first as? [Any])?.first as? String }
        }
        return graph
    }

    @Test func everyLayerDependsOnlyOnLayersBelowIt() throws {
        let graph = try Self.dependencies()
        var upward: [String] = []
        for (index, layer) in Self.layers.enumerated() {
            for dependency in graph[layer] ?? [] where Self.layers.contains(dependency) {
                if Self.layers.firstIndex(of: dependency)! >= index { upward.append("\(layer) -> \(dependency)") }
            }
        }
        #expect(upward == [])
    }

    @Test func theValuesAndRulesNeedNoLibrary() throws {
        #expect(try Self.dependencies()["ShoeboxModel"] == [])
    }

    /// The parsers read bytes Shoebox was handed; none of them decodes pixels, so none links a
    /// decoding library (what they may use: hashing, XML, inflate).
    @Test func theParsersLinkNoDecodingLibrary() throws {
        #expect(try Self.dependencies()["ShoeboxParsers"]?.sorted() == ["CExpat", "CXXHash", "CZlib", "ShoeboxModel"])
    }

    /// One thin layer per decoding library: only the media layer links them.
    @Test func onlyTheMediaLayerLinksTheDecodingLibraries() throws {
        let decoding: Set = ["CVips", "CExif", "CGif", "CFFmpeg", "CDe265", "CDav1d", "CLCMS2", "CRaw", "CJPEGDecode", "CResample"]
        let users = try Self.dependencies().filter { Self.layers.contains($0.key) && !decoding.isDisjoint(with: $0.value) }.keys.sorted()
        #expect(users == ["ShoeboxMedia"])
    }

    @Test func onlyTheCatalogTalksToSQLiteAndPostgreSQL() throws {
        let graph = try Self.dependencies()
        let users = graph.filter { $0.value.contains("CSQLite") || $0.value.contains("CLibPQ") }.keys.sorted()
        #expect(users == ["ShoeboxCatalog"])
    }
}
