import Foundation

/// A file that holds metadata or a thumbnail of another file: never an asset itself, so the
/// plan stage skips it before it is opened.
///
/// Recognised by name and by what stands beside it, never by content:
/// - `.xmp` (XMP sidecars: `IMG_1.jpg.xmp` or `IMG_1.xmp`), `.json` (Google Takeout:
///   `IMG_1.jpg.json`, `IMG_1.jpg.supplemental-metadata.json`) and `.aae` (Apple's adjustment
///   data, `IMG_1234.AAE`): always sidecars, with or without their media file.
/// - `.thm` (a camera's JPEG thumbnail of a video, `MVI_1234.THM` beside `MVI_1234.AVI`): a
///   sidecar only when a video of its name stands beside it. A `.thm` alone may be the only
///   copy of its picture left, so it stays a photo.
///
/// Extensions match in any case; the media file beside is looked for in lower and upper case.
public struct Sidecar: Equatable, Sendable {
    /// The media file it belongs to, when one was found beside it.
    public var owner: String?
    /// The sidecar's own extension, lower case (`xmp`, `json`, `aae`, `thm`).
    public var kind: String

    /// Extensions of files that are always sidecars.
    public static let metadataExtensions: Set<String> = ["xmp", "json", "aae"]

    /// Why the plan stage skips it: `sidecar of IMG_1.jpg`, or for one whose media file is not
    /// beside it `sidecar (.xmp); no media file of its name beside it`.
    public var skipReason: String {
        if let owner { return "sidecar of \((owner as NSString).lastPathComponent)" }
        return "sidecar (.\(kind)); no media file of its name beside it"
    }

    /// The sidecar `path` is, or nil when it is not one. `exists` says whether a regular file
    /// is at a path (the file system's answer unless a test gives another).
    public static func recognise(_ path: String,
                                 exists: (String) -> Bool = { SourceFile.status(ofPath: $0) != nil }) -> Sidecar? {
        let kind = (path as NSString).pathExtension.lowercased()
        let base = (path as NSString).deletingPathExtension
        if metadataExtensions.contains(kind) {
            return Sidecar(owner: owner(of: base, kind: kind, among: ReadStage.mediaExtensions, exists: exists), kind: kind)
        }
        if kind == "thm", let video = sibling(of: base, among: ReadStage.videoExtensions, exists: exists) {
            return Sidecar(owner: video, kind: kind)
        }
        return nil
    }

    /// `IMG_1.jpg` for `IMG_1.jpg.xmp` (and for Takeout's names, `TakeoutJSON.mediaName`:
    /// `IMG_1.jpg.supplemental-metadata.json`, `IMG_1(1).jpg` for `IMG_1.jpg(1).json`), else
    /// `IMG_1.<a media extension>` for `IMG_1.xmp`.
    private static func owner(of base: String, kind: String, among extensions: Set<String>,
                              exists: (String) -> Bool) -> String? {
        let folder = (base as NSString).deletingLastPathComponent
        let named = kind == "json"
            ? TakeoutJSON.mediaName(forJSONNamed: (base as NSString).lastPathComponent + ".json")
                .map { (folder as NSString).appendingPathComponent($0) } ?? base
            : base
        if extensions.contains((named as NSString).pathExtension.lowercased()), exists(named) { return named }
        return sibling(of: base, among: extensions, exists: exists)
    }

    /// The first existing `base.ext` for `ext` in `extensions`, lower then upper case.
    private static func sibling(of base: String, among extensions: Set<String>, exists: (String) -> Bool) -> String? {
        for ext in extensions.sorted() {
            for candidate in [base + "." + ext, base + "." + ext.uppercased()] where exists(candidate) {
                return candidate
            }
        }
        return nil
    }
}
