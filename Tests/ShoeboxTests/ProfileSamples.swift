import Foundation

/// Fixed sets of samples for the profiling tests, copied into a folder of their own so that
/// the counts stay what they say whatever else samples/ holds.
enum ProfileSamples {
    /// Thirteen samples that ingest cleanly: ten JPEGs, a PNG, a WebP and a HEIC.
    static let good = (1...8).map { "orientation/landscape_\($0).jpg" }
        + ["panorama.jpg", "tall.jpg", "screenshot.png", "photo.webp", "photo.heic"]
    /// Those, the two broken samples (one fails in read, one in decode) and a file that is not media.
    static let mixed = good + ["broken/truncated.jpg", "broken/not-an-image.jpg", "README.md"]

    /// A new folder `photos` in `folder` holding copies of `samples`, side by side.
    static func copies(of samples: [String], in folder: TemporaryFolder) throws -> String {
        try folder.folder("photos", copying: samples.map(Fixtures.sample)).path
    }
}
