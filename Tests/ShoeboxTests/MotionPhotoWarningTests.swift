import Foundation
import Testing
@testable import Shoebox

/// A motion photo whose video the file does not hold whole (a copy cut short) is a `photo`
/// with a warning saying so, never a `livePhoto` with a partial video (FFmpeg plays what it
/// can of an MP4 whose index comes first).
@Suite struct MotionPhotoWarningTests {
    /// The still of `motion/PXL_motion.jpg` (its XMP says the video is the last 27476 bytes)
    /// and `video/portrait.mp4` (27476 bytes, its `moov` index before its `mdat`).
    static func motionPhoto() throws -> Data {
        let still = try Data(contentsOf: Fixtures.sample("motion/PXL_motion.jpg")).prefix(4229)
        var bytes = [UInt8](still)
        let old = Array("<GCamera:MicroVideoOffset>16971<".utf8), new = Array("<GCamera:MicroVideoOffset>27476<".utf8)
        let at = try #require((0...(bytes.count - old.count)).first { bytes[$0..<$0 + old.count].elementsEqual(old) })
        bytes.replaceSubrange(at..<at + old.count, with: new)
        return Data(bytes) + (try Data(contentsOf: Fixtures.sample("video/portrait.mp4")))
    }

    @Test func aMotionPhotoCutShortIsAPhotoWithAWarning() throws {
        let folder = try TemporaryFolder()
        let root = try folder.subfolder("photos")
        let whole = try Self.motionPhoto()
        try whole.write(to: root.appendingPathComponent("whole.jpg"))
        try whole.dropLast(1000).write(to: root.appendingPathComponent("cut-in-mdat.jpg"))
        try whole.dropLast(5000).write(to: root.appendingPathComponent("cut-past-offset.jpg"))
        let library = folder.url.appendingPathComponent("library").path
        #expect(try ShoeboxBinary.run(["ingest", root.path, "--library", library]).status == 0)

        let list = try ShoeboxBinary.run(["list", "--json", "--library", library])

        let objects = try list.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let byName = Dictionary(uniqueKeysWithValues: objects.map { (URL(fileURLWithPath: $0["path"] as? String ?? "").lastPathComponent, $0) })
        let warnings = [
            "cut-in-mdat.jpg": "the motion photo's video is cut short: its mdat box runs 1000 bytes past the end of the file",
            "cut-past-offset.jpg": "the motion photo's video is cut short: its XMP MicroVideoOffset says the video is the last "
                + "27476 bytes, and the file has \(whole.count - 5000)",
        ]
        for (name, warning) in warnings {
            let cut = try #require(byName[name])
            #expect(cut["kind"] as? String == "photo", "\(name)")
            #expect(cut["warning"] as? String == warning)
            #expect(cut["motionPhoto"] is NSNull && cut["durationSeconds"] is NSNull && cut["status"] as? String == "ok", "\(name)")
        }
        let intact = try #require(byName["whole.jpg"])
        #expect(intact["kind"] as? String == "livePhoto")
        #expect(intact["warning"] is NSNull)
        let show = try ShoeboxBinary.run(["show", root.appendingPathComponent("cut-in-mdat.jpg").path, "--library", library])
        #expect(show.output.contains("\"warning\" : \"\(warnings["cut-in-mdat.jpg"] ?? "")\""))
    }
}
