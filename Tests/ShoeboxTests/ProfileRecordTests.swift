import Foundation
import Testing
@testable import Shoebox

/// What a supervised profile process sends its supervisor: one record a line, read back as
/// written whatever the file's name, and a line that does not parse is an error.
@Suite struct ProfileRecordTests {
    static let timing: StageTiming = {
        var timing = StageTiming(stage: "decode", worker: 1, path: "/p/a\tb\\c\nd.jpg\r", outcome: .failed, format: .heic,
                                 pixelSize: PixelSize(width: 4032, height: 3024), bytes: 1_234_567, failure: .damaged,
                                 start: 9_000_000_001, work: 25_000_000, waited: 7, blocked: 3)
        timing.libraries = TimedLibrary.allCases.map { $0 == .ffmpeg ? 20_000_000 : $0 == .resampler ? 3_000_000 : 0 }
        return timing
    }()

    @Test(arguments: [
        ProfileRecord.origin(123_456_789, cpuSeconds: 0.25),
        .origin(5, cpuSeconds: nil),
        .stage(name: "thumbnail", workers: 2),
        .timing(ProfileRecordTests.timing),
        .timing(StageTiming(stage: "catalog", worker: 0, path: "\u{301}combining first.png", outcome: .passed, start: 1, work: 2)),
        .memory(at: 77, bytes: 150_000_000),
        .rootWarning("cannot open /gone:\tNo such file"),
        .end(wall: 2_000_000_000, cpuSeconds: 3.5, peakResidentBytes: 160_000_000, decodeWorkers: 2, unreadableRoots: 1),
        .end(wall: 1, cpuSeconds: nil, peakResidentBytes: nil, decodeWorkers: 1, unreadableRoots: 0),
    ])
    func aRecordReadsBackAsWritten(record: ProfileRecord) throws {
        let line = record.line
        #expect(line.utf8.last == 0x0A && line.utf8.filter { $0 == 0x0A }.count == 1)
        #expect(try ProfileRecord.records(in: Array(line.utf8)) == [record])
    }

    @Test func aTimingIsOneLineOfTabSeparatedFieldsWithThePathLast() {
        #expect(ProfileRecord.timing(Self.timing).line
                == "T\tdecode\t1\tfailed\theic\t4032\t3024\t1234567\tdamaged\t9000000001\t25000000\t7\t3\t4:20000000,9:3000000\t"
                + "/p/a\\tb\\\\c\\nd.jpg\r\n")
    }

    @Test func aLastLineCutShortByTheProcessDyingIsLeftOut() throws {
        let text = ProfileRecord.stage(name: "read", workers: 1).line + "T\tdecode\t0\tpass"
        #expect(try ProfileRecord.records(in: Array(text.utf8)) == [.stage(name: "read", workers: 1)])
    }

    @Test(arguments: ["X\t1", "O\tten\t-", "S\t-1\tread", "M\t1", "E\t1\tinf\t-\t2\t0", "T\tdecode\t0\tgone\t-\t0\t0\t0\t-\t0\t0\t0\t0\t-\t/p",
                      "T\tdecode\t0\tpassed\tbogus\t0\t0\t0\t-\t0\t0\t0\t0\t-\t/p", "M\t99999999999999999999999\t1",
                      "T\tdecode\t0\tpassed\t-\t0\t0\t0\t-\t0\t0\t0\t0\t99:5\t/p", "T\tdecode\t0\tpassed\t-\t0\t0\t0\t-\t0\t0\t0\t0\t1:5,1:6\t/p",
                      "T\tdecode\t0\tpassed\t-\t0\t0\t0\t-\t0\t0\t0\t0\t/p"])
    func aLineThatDoesNotParseIsAnError(line: String) {
        #expect(throws: ProfileRecordError.malformed(line)) { try ProfileRecord.records(in: Array((line + "\n").utf8)) }
    }

    @Test func theListOfFilesToLeaveOutReadsBackAsWritten() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("excluded")
        let paths: Set = ["/p/a.jpg", "/p/new\nline.jpg", "/p/ends in cr\r", "/p/back\\slash.heic"]
        try PipelineProfiler.Supervision.write(excluded: paths, to: file)
        #expect(try PipelineProfiler.Supervision.excludedPaths(readFrom: file) == paths)
    }
}
