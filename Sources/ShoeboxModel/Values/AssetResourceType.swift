/// What one file is to the asset it belongs to, named as PhotoKit's `PHAssetResourceType`
/// names it, so that a library exported from an iPhone reads back as Photos showed it.
public enum AssetResourceType: String, Codable, Sendable, CaseIterable, Comparable {
    /// The original still (`IMG_1234.HEIC`).
    case photo
    /// The edited rendition of a still (`IMG_E1234.JPG`): what the asset is shown as.
    case fullSizePhoto
    /// Another form of the same still (a RAW beside its JPEG), not shown.
    case alternatePhoto
    /// The original video of a Live Photo (`IMG_1234.MOV`).
    case pairedVideo
    /// The edited video of a Live Photo (`IMG_E1234.MOV`).
    case fullSizePairedVideo
    /// The original of a video.
    case video
    /// The edited rendition of a video.
    case fullSizeVideo
    /// Apple's record of the edits (`IMG_1234.AAE`), a property list.
    case adjustmentData

    /// The order `show` lists resources in: the declaration order above.
    public static func < (lhs: AssetResourceType, rhs: AssetResourceType) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// What a file that stands alone as its own asset is: a video's file is its `video`, any
    /// other kind's (a photo, a GIF, a Live Photo's still) its `photo`.
    public static func standalone(_ kind: AssetKind) -> AssetResourceType {
        kind == .video ? .video : .photo
    }
}
