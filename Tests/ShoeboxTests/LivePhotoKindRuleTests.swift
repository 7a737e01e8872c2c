import Testing
@testable import Shoebox

/// The Live Photo decisions the catalog used to make in SQL, now the pure rule every backend
/// asks: what each half is stored as, and what a file is once its pair is undone.
@Suite struct LivePhotoKindRuleTests {
    @Test(arguments: [
        (LivePhotoPairing.Side.still, AssetKind.photo),
        (.video, .video),
    ])
    func eachHalfIsLookedForAsTheKindItIsStoredAs(side: LivePhotoPairing.Side, kind: AssetKind) {
        #expect(LivePhotoPairing.kind(of: side) == kind)
    }

    @Test func aPairedStillIsALivePhoto() {
        #expect(LivePhotoPairing.pairedStillKind == .livePhoto)
    }

    @Test(arguments: [
        // kind while paired, is a motion photo, kind once unpaired
        (AssetKind.livePhoto, false, AssetKind.photo),
        (.livePhoto, true, .livePhoto),
        (.video, false, .video),
        (.photo, false, .photo),
        (.gif, false, .gif),
    ])
    func aReleasedFileIsWhatItIsAlone(kind: AssetKind, isMotionPhoto: Bool, unpaired: AssetKind) {
        #expect(LivePhotoPairing.kindWhenUnpaired(kind, isMotionPhoto: isMotionPhoto) == unpaired)
    }

    /// Which stored assets can be a half: the candidates SQL returns by kind are kept only
    /// when the rule says they are that half.
    @Test(arguments: [
        (AssetKind.photo, MediaFormat.jpeg, false, LivePhotoPairing.Side?.some(.still)),
        (.photo, .gif, false, nil),
        (.photo, .jpeg, true, nil),
        (.video, .mp4, false, .video),
        (.livePhoto, .jpeg, false, nil),
    ] as [(AssetKind, MediaFormat, Bool, LivePhotoPairing.Side?)])
    func aCandidateIsAHalfOnlyWhenTheRuleSaysSo(kind: AssetKind, format: MediaFormat, motion: Bool,
                                                side: LivePhotoPairing.Side?) {
        #expect(LivePhotoPairing.side(kind: kind, format: format, isMotionPhoto: motion) == side)
    }
}
