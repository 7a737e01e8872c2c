import Foundation
import Testing
@testable import Shoebox

/// XMP's GPS coordinate text, and the rationals its altitude is written in, as a table.
@Suite struct XMPCoordinateTests {
    @Test(arguments: [
        ("51,30.5N", "NS", 90.0, 51.508_333_333),
        ("51,30,30N", "NS", 90.0, 51.508_333_333),
        ("33,51,36s", "NS", 90.0, -33.86),
        (" 0,7.5W ", "EW", 180.0, -0.125),
        ("180,0E", "EW", 180.0, 180.0),
    ] as [(String, String, Double, Double)])
    func coordinatesRead(text: String, allowed: String, limit: Double, expected: Double) throws {
        let degrees = try #require(XMPCoordinate.degrees(text, allowed: allowed, limit: limit))
        #expect(abs(degrees - expected) < 1e-9)
    }

    @Test(arguments: [
        "51,30.5E",     // a longitude's hemisphere for a latitude
        "51.5N",        // decimal degrees alone: not XMP's form
        "51,60N", "51,30,60N", "91,0N", "-51,30N", "51,,30N", "51,30,30,1N", "nan,0N", "inf,0N", "N", "",
    ])
    func latitudesRefused(text: String) {
        #expect(XMPCoordinate.degrees(text, allowed: "NS", limit: 90) == nil)
    }

    @Test(arguments: [("123/10", 12.3), ("35", 35.0), ("-4/2", -2.0)] as [(String, Double)])
    func rationalsRead(text: String, expected: Double) {
        #expect(XMPCoordinate.rational(text) == expected)
    }

    @Test(arguments: ["1/0", "1/2/3", "abc", "", "inf"])
    func rationalsRefused(text: String) {
        #expect(XMPCoordinate.rational(text) == nil)
    }
}
