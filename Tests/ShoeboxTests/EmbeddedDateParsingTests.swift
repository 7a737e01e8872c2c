import Foundation
import Testing
@testable import Shoebox

/// The hand-written readers behind capture times, on bytes and text written out: XMP date
/// forms (which QuickTime's `©day` also takes).
@Suite struct EmbeddedDateParsingTests {
    // MARK: - XMPDate

    @Test(arguments: [
        ("2011-02-03T04:05:06+01:00", "2011-02-03T04:05:06+01:00"),
        ("2011-02-03T04:05:06.311+01:00", "2011-02-03T04:05:06.311+01:00"),
        ("2011-02-03T04:05:06Z", "2011-02-03T04:05:06Z"),
        ("2011-02-03T04:05:06", "2011-02-03T04:05:06"),
        ("2011-02-03T04:05+01:00", "2011-02-03T04:05:00+01:00"),
        ("2011-02-03", "2011-02-03"),
        ("2011:02:03 04:05:06", "2011-02-03T04:05:06"),
        ("2019-01-02T03:04:05+0100", "2019-01-02T03:04:05+01:00"),
        ("2019-01-02T03:04:05-05", "2019-01-02T03:04:05-05:00"),
        ("  2011-02-03T04:05:06Z  ", "2011-02-03T04:05:06Z"),
    ])
    func xmpDateForms(_ raw: String, _ iso: String) {
        #expect(XMPDate.iso(raw) == iso)
    }

    @Test(arguments: ["", "2011", "2011-02", "2011-02-03T04", "2011-02-03T04:05:06+1", "2011-02-03 garbage",
                      "2011-02:03", "2011-02-03T04:05:06.+01:00", "yesterday"])
    func xmpDateRejects(_ raw: String) {
        #expect(XMPDate.iso(raw) == nil)
    }
}
