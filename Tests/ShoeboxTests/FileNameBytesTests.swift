import Foundation
import Testing
@testable import Shoebox
@testable import ShoeboxCatalog

/// A file is catalogued whatever bytes its name holds and however long its path is, and opens
/// again from its catalog entry: names that are not UTF-8 are escaped (`PathText`), paths past
/// PATH_MAX are walked and opened one folder at a time.
@Suite struct FileNameBytesTests {
    /// Makes `name` (bytes) in `folder` with `source`'s content, through the descriptor API.
    static func makeFile(named name: [UInt8], in folder: Int32, copying source: URL) throws {
        let data = try Data(contentsOf: source)
        let fd = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            openat(folder, $0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        try #require(fd >= 0, "cannot create \(name): \(String(cString: strerror(errno)))")
        defer { close(fd) }
        try #require(data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == data.count)
    }

    static let nonUTF8: [UInt8] = Array("name_non_utf8_".utf8) + [0xFF, 0xFE, 0xC3] + Array("(.jpg".utf8)

    @Test func aNameThatIsNotUTF8IsCataloguedAndOpensAgainFromItsEntry() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folder) }
        try Self.makeFile(named: Self.nonUTF8, in: folder, copying: Fixtures.sample("orientation/landscape_6.jpg"))

        let summary = try library.ingest([root])

        #expect((summary.ingested, summary.skipped) == (1, 0))
        let text = IngestPipeline.resolve(root.path) + #"/name_non_utf8_\xff\xfe\xc3(.jpg"#
        let asset = try #require(try library.catalog.asset(path: text))
        #expect(asset.status == .ok && (asset.width, asset.height) == (360, 240) && asset.thumbnails.count == 2)
        let (bytes, _) = try SourceFile.read(asset.path, maxBytes: 1 << 20)
        #expect(Data(UnsafeRawBufferPointer(bytes.buffer)) == (try Data(contentsOf: Fixtures.sample("orientation/landscape_6.jpg"))))
        #expect(try library.ingest([root]).unchanged == 1)
    }

    /// The escaped text of one name and a UTF-8 name spelt like that text are two files.
    @Test func aNameSpeltLikeAnEscapeIsAnotherFile() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folder) }
        try Self.makeFile(named: Self.nonUTF8, in: folder, copying: Fixtures.sample("tall.jpg"))
        try Self.makeFile(named: Array(#"name_non_utf8_\xff\xfe\xc3(.jpg"#.utf8), in: folder, copying: Fixtures.sample("panorama.jpg"))

        #expect(try library.ingest([root]).ingested == 2)

        let resolved = IngestPipeline.resolve(root.path)
        #expect(try library.catalog.asset(path: resolved + #"/name_non_utf8_\xff\xfe\xc3(.jpg"#)?.width == 60)
        #expect(try library.catalog.asset(path: resolved + #"/name_non_utf8_\\xff\\xfe\\xc3(.jpg"#)?.width == 1200)
    }

    /// A name as long as a folder entry's may be (255 bytes) is read whole, to its last byte.
    @Test func theLongestNameAFolderHoldsIsReadWhole() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folder) }
        let name = String(repeating: "n", count: 251) + ".jpg"
        try Self.makeFile(named: Array(name.utf8), in: folder, copying: Fixtures.sample("tall.jpg"))

        #expect(try library.ingest([root]).ingested == 1)

        #expect(try library.catalog.asset(path: IngestPipeline.resolve(root.path) + "/" + name)?.width == 60)
    }

    @Test func aPathLongerThanPATH_MAXIsWalkedAndOpensAgain() throws {
        let library = try TestLibrary()
        let root = try library.folder.subfolder("photos")
        var folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let name = String(repeating: "p", count: 250)
        for level in 0..<18 {
            let child = "L\(level)_\(name)"
            try #require(mkdirat(folder, child, 0o755) == 0)
            let next = openat(folder, child, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(folder)
            folder = next
        }
        try Self.makeFile(named: Array("photo.jpg".utf8), in: folder, copying: Fixtures.sample("tall.jpg"))
        close(folder)

        #expect(try library.ingest([root]).ingested == 1)

        let asset = try #require(try library.assets().first)
        #expect(asset.path.utf8.count > Int(PATH_MAX) && asset.status == .ok)
        #expect(SourceFile.status(ofPath: asset.path)?.size == Int64(try Data(contentsOf: Fixtures.sample("tall.jpg")).count))
        #expect(try library.ingest([root]).unchanged == 1)
    }

    /// `list` and `show` print the escaped text; `show` finds the asset by the name's bytes
    /// or by that text.
    @Test func theCommandsPrintTheEscapedNameAndFindItEitherWay() throws {
        let folder = try TemporaryFolder()
        let root = try folder.subfolder("photos")
        let descriptor = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try Self.makeFile(named: Self.nonUTF8, in: descriptor, copying: Fixtures.sample("tall.jpg"))
        close(descriptor)
        let library = folder.url.appendingPathComponent("library").path
        #expect(try ShoeboxBinary.run(["ingest", root.path, "--library", library]).status == 0)
        let text = IngestPipeline.resolve(root.path) + #"/name_non_utf8_\xff\xfe\xc3(.jpg"#

        #expect(try ShoeboxBinary.run(["list", "--library", library]).output.hasSuffix("\t\(text)\n"))
        let byText = try ShoeboxBinary.run(["show", text, "--library", library])
        #expect(byText.output.contains(#""path" : "\#(text.replacingOccurrences(of: #"\"#, with: #"\\"#))","#))
        let shell = try ShoeboxBinary.process(["-c", #"exec "$0" show "$(printf '%s/name_non_utf8_\377\376\303(.jpg' "$1")" --library "$2""#,
                                               ShoeboxBinary.url.path, root.path, library])
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0 && shown == byText.output)
    }
}
