import Testing
@testable import ShoeboxModel

/// What "did you mean" suggests, and when it says nothing.
@Suite struct NearestNameTests {
    static let commands = ["ingest", "list", "show", "albums", "album", "covers", "gallery", "profile", "metadata"]

    @Test(arguments: [
        ("ingst", "ingest"),          // a letter left out
        ("ingets", "ingest"),         // two letters swapped
        ("lsit", "list"),
        ("Gallery", "gallery"),       // case only
        ("albumz", "albums"),         // the nearer of album and albums
        ("metdata", "metadata"),
    ]) func aSlipNamesTheCommand(typed: String, meant: String) {
        #expect(NearestName.suggestion(for: typed, among: Self.commands) == meant)
    }

    @Test(arguments: ["frobnicate", "x", "", "sync", "ingest"])
    func aNameFarFromEveryOneOrExactGetsNoSuggestion(typed: String) {
        #expect(NearestName.suggestion(for: typed, among: Self.commands) == nil)
    }

    @Test func aFolderAlbumIsFoundByItsLastFolderName() {
        let titles = ["formats", "live/decoy", "live/by-name", "2024/holiday"]
        #expect(NearestName.suggestion(for: "decoy", among: titles) == "live/decoy")
        #expect(NearestName.suggestion(for: "holiday", among: titles) == "2024/holiday")
    }

    /// A path typed from another root (the folder above the ingested one, say) finds the album
    /// of its last folder.
    @Test func aFolderAlbumIsFoundFromAPathUnderAnotherFolder() {
        let titles = ["orientation", "live/decoy", "2024/holiday"]
        #expect(NearestName.suggestion(for: "samples/orientation", among: titles) == "orientation")
        #expect(NearestName.suggestion(for: "trips/2024/Holiday", among: titles) == "2024/holiday")
        #expect(NearestName.suggestion(for: "samples/decoys", among: titles) == nil)
    }

    @Test func swappedNeighboursCountAsOneSlip() {
        #expect(NearestName.distance(Array("ab"), Array("ba")) == 1)
        #expect(NearestName.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(NearestName.distance(Array(""), Array("abc")) == 3)
    }
}
