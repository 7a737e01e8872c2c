import Foundation

/// The rule that decides which files are one asset: an iPhone export's original
/// (`IMG_1234.HEIC`), its edited rendition (`IMG_E1234.JPG`), their Live Photo videos
/// (`IMG_1234.MOV`, `IMG_E1234.MOV`) and the adjustment data (`IMG_1234.AAE`) are one asset,
/// shown as its edited rendition, with each file listed as a resource (`AssetResourceType`);
/// and a camera's RAW beside its JPEG (`DSC_0001.NEF`, `DSC_0001.JPG`) is one asset, shown as
/// the JPEG, the RAW its `alternatePhoto`.
///
/// Pure: the catalog gathers the files that share a `key`, asks `plan`, and stores the answer,
/// whichever file arrived first and in whichever run.
public enum ResourceGrouping {
    /// What a file can be in a group, from its kind, its Live Photo pairing and its name.
    public enum Role: Equatable, Sendable {
        /// A still photo (not a GIF, not a motion photo, not a RAW); `edited` for an `IMG_E1234` name.
        case still(edited: Bool)
        /// A camera RAW (`MediaFormat.isRaw`): another form of the still of its name.
        case raw
        /// A video that Live Photo pairing made the video of a still.
        case pairedVideo(edited: Bool)
        /// A video standing alone.
        case video(edited: Bool)
        /// Apple's adjustment data (`.aae`): a sidecar, never an asset of its own.
        case adjustment
    }

    /// The answer for one group: which member is shown (its thumbnails are the asset's), and
    /// what each member is; nil for a member that stands apart, as the asset it is alone.
    public struct Plan: Equatable, Sendable {
        /// An index into the roles `plan` was given.
        public var primary: Int
        /// One per role `plan` was given, in the same order.
        public var types: [AssetResourceType?]
        /// The shown still is a Live Photo (the group holds its video), whatever pairing made of
        /// that still itself.
        public var isLivePhoto = false
    }

    /// The files of one asset share this key: the folder and the base name, lower-cased,
    /// with an edited rendition's `E` taken out (`/photos/img_e1234.jpg` -> `/photos/img_1234`).
    public static func key(forPath path: String) -> String {
        let pairKey = LivePhotoPairing.pairKey(forPath: path)
        guard let slash = pairKey.lastIndex(of: "/"), let number = editedNumber(pairKey[pairKey.index(after: slash)...]) else {
            return pairKey
        }
        return String(pairKey[...slash]) + "img_" + number
    }

    /// Whether `path` names an edited rendition: `IMG_E` and digits, in any case.
    public static func isEdited(_ path: String) -> Bool {
        editedNumber(Substring(LivePhotoPairing.pairKey(forPath: path).split(separator: "/").last ?? "")) != nil
    }

    /// Whether `path` is a file that is only ever a resource, never an asset (the plan stage
    /// skips it as a sidecar, and the catalog keeps it for its asset): adjustment data.
    public static func isResourceFile(_ path: String) -> Bool {
        (path as NSString).pathExtension.lowercased() == "aae"
    }

    /// What a catalogued file can be in a group: a still (a photo or a Live Photo's still, not a
    /// GIF) or a video, paired or not, edited or not by its name.
    public static func role(kind: AssetKind, format: MediaFormat?, isPairedVideo: Bool, path: String) -> Role? {
        let edited = isEdited(path)
        switch kind {
        case .photo where format?.isRaw == true: return .raw
        case .photo where format != .gif, .livePhoto: return .still(edited: edited)
        case .video: return isPairedVideo ? .pairedVideo(edited: edited) : .video(edited: edited)
        default: return nil
        }
    }

    /// A still is a Live Photo when it has a video of its own (paired, or embedded in a motion
    /// photo), or when it is shown for a group that holds the Live Photo's videos (an edit
    /// whose own video did not pair); else a photo.
    public static func stillKind(hasOwnVideo: Bool, shownAsLivePhoto: Bool) -> AssetKind {
        hasOwnVideo || shownAsLivePhoto ? .livePhoto : .photo
    }

    /// The digits of a lower-cased `img_e1234`, nil for any other name.
    private static func editedNumber(_ name: Substring) -> Substring? {
        guard name.hasPrefix("img_e") else { return nil }
        let digits = name.dropFirst("img_e".count)
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) ? digits : nil
    }

    /// Groups the files that share a key, or says they stay apart (nil). A nil role is a file
    /// that cannot be a member (failed, missing, a GIF): it stands apart.
    ///
    /// A group needs two files or more, one of them an edited rendition or adjustment data: a
    /// still and its paired video alone are Live Photo pairing's, and stay as it made them.
    /// With a still, the shown member is the edited still, else the original. Videos join it
    /// only when the asset is a Live Photo (pairing paired one of them): then the original
    /// video is its `pairedVideo` and the edited one its `fullSizePairedVideo`, paired or not
    /// (an edit's video need not pass pairing's tests on its own); otherwise a video of the
    /// same name (a long one) stays a video of its own. Without a still, an original video and
    /// its edit group alike. A RAW beside an original still (its camera's JPEG or HEIC) is that
    /// still's `alternatePhoto`, which alone makes a group; a RAW without one is the original
    /// still itself (an iPhone ProRAW `IMG_1234.DNG` with its edit `IMG_E1234.JPG`). Two
    /// originals, two edits or two RAWs make the group ambiguous, and nothing groups. An
    /// adjustment file joins whichever group there is.
    public static func plan(_ roles: [Role?]) -> Plan? {
        let indices = { (role: Role) in roles.indices.filter { roles[$0] == role } }
        let stills = (original: indices(.still(edited: false)), edited: indices(.still(edited: true)))
        let paired = (original: indices(.pairedVideo(edited: false)), edited: indices(.pairedVideo(edited: true)))
        let alone = (original: indices(.video(edited: false)), edited: indices(.video(edited: true)))
        let isLive = !paired.original.isEmpty || !paired.edited.isEmpty
        let raws = indices(.raw)
        let (originals, alternates) = stills.original.isEmpty ? (raws, []) : (stills.original, raws)
        let hasStill = !originals.isEmpty || !stills.edited.isEmpty
        let members: [(indices: [Int], type: AssetResourceType)]
        if hasStill {
            members = [(originals, .photo), (stills.edited, .fullSizePhoto), (alternates, .alternatePhoto)]
                + (isLive ? [(paired.original + alone.original, .pairedVideo), (paired.edited + alone.edited, .fullSizePairedVideo)] : [])
        } else {
            members = [(alone.original, .video), (alone.edited, .fullSizeVideo)]
        }
        let adjustments = indices(.adjustment)
        guard members.allSatisfy({ $0.indices.count <= 1 }),
              let shown = members[1].indices.first ?? members[0].indices.first,
              !members[1].indices.isEmpty || !adjustments.isEmpty || !alternates.isEmpty else { return nil }
        var types = [AssetResourceType?](repeating: nil, count: roles.count)
        for (found, type) in members { for index in found { types[index] = type } }
        for index in adjustments { types[index] = .adjustmentData }
        guard types.compactMap({ $0 }).count > 1 else { return nil }
        return Plan(primary: shown, types: types, isLivePhoto: hasStill && isLive)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
