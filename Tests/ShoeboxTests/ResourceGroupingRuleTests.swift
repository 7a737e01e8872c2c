import Testing
@testable import Shoebox

/// The grouping rule itself, case by case: which files are one asset, and what each one is.
@Suite struct ResourceGroupingRuleTests {
    typealias Role = ResourceGrouping.Role
    let original: Role = .still(edited: false), edited: Role = .still(edited: true)
    let video: Role = .pairedVideo(edited: false), editedVideo: Role = .pairedVideo(edited: true)

    func plan(_ roles: [Role?]) -> (shown: Int, types: [AssetResourceType?])? {
        ResourceGrouping.plan(roles).map { ($0.primary, $0.types) }
    }

    @Test func theRuleCaseByCase() {
        #expect(plan([original, edited])! == (1, [.photo, .fullSizePhoto]))
        #expect(plan([edited, .adjustment, original])! == (0, [.fullSizePhoto, .adjustmentData, .photo]))
        #expect(plan([original, video, edited, editedVideo, .adjustment])!
                == (2, [.photo, .pairedVideo, .fullSizePhoto, .fullSizePairedVideo, .adjustmentData]))
        #expect(plan([original, .adjustment])! == (0, [.photo, .adjustmentData]))
        #expect(plan([edited, .adjustment])! == (0, [.fullSizePhoto, .adjustmentData]))
        #expect(plan([.video(edited: false), .video(edited: true)])! == (1, [.video, .fullSizeVideo]))
        // A long video of the still's name stays a video of its own.
        #expect(plan([original, edited, .video(edited: false)])! == (1, [.photo, .fullSizePhoto, nil]))
        // A failed or missing file (nil) stands apart.
        #expect(plan([nil, edited, .adjustment])! == (1, [nil, .fullSizePhoto, .adjustmentData]))
    }

    /// An edit's video joins a Live Photo's group whether or not pairing paired it with the
    /// edited still, and the shown still is then a Live Photo.
    @Test func aLivePhotosEditedVideoJoinsByItsName() {
        let live = ResourceGrouping.plan([original, video, edited, .video(edited: true)])
        #expect(live?.types == [.photo, .pairedVideo, .fullSizePhoto, .fullSizePairedVideo])
        #expect(live?.primary == 2 && live?.isLivePhoto == true)
        let notLive = ResourceGrouping.plan([original, edited, .video(edited: true)])
        #expect(notLive?.types == [.photo, .fullSizePhoto, nil] && notLive?.isLivePhoto == false)
        #expect(ResourceGrouping.plan([original, edited, .video(edited: false), .video(edited: true)])?.isLivePhoto == false)
        #expect(ResourceGrouping.stillKind(hasOwnVideo: false, shownAsLivePhoto: true) == .livePhoto)
        #expect(ResourceGrouping.stillKind(hasOwnVideo: true, shownAsLivePhoto: false) == .livePhoto)
        #expect(ResourceGrouping.stillKind(hasOwnVideo: false, shownAsLivePhoto: false) == .photo)
    }

    @Test func nothingGroupsWithoutAnEditOrAdjustments() {
        #expect(plan([original]) == nil)
        #expect(plan([edited]) == nil)
        #expect(plan([original, video]) == nil)      // a Live Photo: pairing's alone
        #expect(plan([.adjustment]) == nil)          // adjustments with no asset
        #expect(plan([nil, .adjustment]) == nil)
        #expect(plan([.video(edited: false)]) == nil)
    }

    @Test func twoOriginalsOrTwoEditsAreAmbiguousAndNothingGroups() {
        #expect(plan([original, original, edited]) == nil)
        #expect(plan([original, edited, edited]) == nil)
        #expect(plan([original, edited, video, video]) == nil)
    }

    @Test func anEditedRenditionSharesItsOriginalsKey() {
        #expect(ResourceGrouping.key(forPath: "/p/IMG_E1234.JPG") == "/p/img_1234")
        #expect(ResourceGrouping.key(forPath: "/p/IMG_1234.HEIC") == "/p/img_1234")
        #expect(ResourceGrouping.key(forPath: "/p/img_e1234.mov") == "/p/img_1234")
        #expect(ResourceGrouping.key(forPath: "/p/IMG_1234.AAE") == "/p/img_1234")
        #expect(ResourceGrouping.key(forPath: "/q/IMG_E1234.JPG") == "/q/img_1234")
        #expect(ResourceGrouping.key(forPath: "/p/IMG_EDIT.JPG") == "/p/img_edit")
        #expect(ResourceGrouping.key(forPath: "/p/IMG_E.JPG") == "/p/img_e")
        #expect(ResourceGrouping.isEdited("/p/IMG_E1234.JPG") && !ResourceGrouping.isEdited("/p/IMG_1234.JPG"))
        #expect(!ResourceGrouping.isEdited("/p/IMG_E12a4.JPG"))
    }

    @Test func aStillIsAPhotoOrALivePhotoButNeverAGif() {
        let role = { (kind: AssetKind, format: MediaFormat?, paired: Bool) in
            ResourceGrouping.role(kind: kind, format: format, isPairedVideo: paired, path: "/p/IMG_E1.JPG")
        }
        #expect(role(.photo, .jpeg, false) == .still(edited: true))
        #expect(role(.livePhoto, .heic, false) == .still(edited: true))
        #expect(role(.gif, .gif, false) == nil)
        #expect(role(.video, nil, true) == .pairedVideo(edited: true))
        #expect(role(.video, nil, false) == .video(edited: true))
    }

    /// A RAW beside its JPEG is the JPEG's alternate; without an original still it is the
    /// original (ProRAW and its edit); two RAWs of one name are ambiguous.
    @Test func aRAWIsTheAlternateOfTheStillOfItsName() {
        #expect(plan([.raw, original])! == (1, [.alternatePhoto, .photo]))
        #expect(plan([original, .raw, edited])! == (2, [.photo, .alternatePhoto, .fullSizePhoto]))
        #expect(plan([.raw, edited])! == (1, [.photo, .fullSizePhoto]))
        #expect(plan([.raw]) == nil)
        #expect(plan([.raw, .raw, original]) == nil)
        #expect(ResourceGrouping.role(kind: .photo, format: .nef, isPairedVideo: false, path: "/card/DSC_0001.NEF") == .raw)
    }
}
