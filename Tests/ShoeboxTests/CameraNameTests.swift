import Testing
@testable import ShoeboxModel

/// How the gallery and `metadata` name a camera (`CameraName`), on makes and models from the
/// shared corpus.
@Suite struct CameraNameTests {
    @Test(arguments: [
        ("Canon", "Canon EOS 40D", "Canon EOS 40D"),
        ("NIKON CORPORATION", "NIKON D750", "NIKON D750"),
        ("EASTMAN KODAK COMPANY", "KODAK DX4900 ZOOM DIGITAL CAMERA", "KODAK DX4900 ZOOM DIGITAL CAMERA"),
        ("Eastman Kodak Company", "DC210 Zoom (V05.00)", "Eastman Kodak DC210 Zoom (V05.00)"),
        ("Apple", "iPhone 7", "Apple iPhone 7"),
        ("Minolta Co., Ltd.", "DiMAGE 7i", "Minolta DiMAGE 7i"),
        ("CASIO COMPUTER CO.,LTD.", "EX-M2", "CASIO COMPUTER EX-M2"),
        ("FLIR Systems AB", "FLIR_i7", "FLIR_i7"),
        ("Jolla", "Jolla", "Jolla"),
        ("HMD Global", "Nokia 8.3 5G", "HMD Global Nokia 8.3 5G"),
        ("Google", "Pixel 8 Pro", "Google Pixel 8 Pro"),
    ])
    func theBrandIsSaidOnce(make: String, model: String, expected: String) {
        #expect(CameraName.text(make: make, model: model) == expected)
    }

    @Test func eitherAloneIsTheNameAndNeitherIsNone() {
        #expect(CameraName.text(make: "GoPro", model: nil) == "GoPro")
        #expect(CameraName.text(make: nil, model: "HERO6 Black") == "HERO6 Black")
        #expect(CameraName.text(make: "  ", model: " ") == nil)
    }
}
