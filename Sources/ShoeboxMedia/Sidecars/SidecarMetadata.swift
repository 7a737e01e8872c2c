/// What the sidecars beside a media file say about it: its XMP sidecar (`XMPSidecar`) and its
/// Google Takeout JSON (`TakeoutJSON`). A sidecar's value overrides the file's own, as Immich
/// and digiKam do; between the two sidecars, the XMP one wins.
///
/// `stamp` identifies the sidecars read, by size and modification time, so that the plan
/// stage can tell an edited sidecar from an unchanged one without reading it.
public struct SidecarMetadata: Equatable, Sendable {
    /// Capture times, with their sidecar sources (ranked by `CaptureTimeChoice`).
    public var dates: [DateCandidate] = []
    public var location: GPSLocation?
    public var locationSource: LocationSource?
    public var rating: Int?
    public var title: String?
    public var description: String?
    /// Empty when the sidecar has none.
    public var keywords: [String] = []
    /// `SidecarMetadata.stamp(beside:)` of the sidecars read; nil when there are none.
    public var stamp: String?

    public init() {}

    /// The sidecars beside the media file at `path`, each read as far as it can be (an
    /// unreadable one adds nothing). `exists` says whether a regular file is at a path.
    public static func read(beside path: String,
                            exists: (String) -> Bool = { SourceFile.status(ofPath: $0) != nil }) -> SidecarMetadata {
        var found = SidecarMetadata()
        let xmpPath = XMPSidecar.path(of: path, exists: exists)
        let takeoutPath = TakeoutJSON.path(of: path, exists: exists)
        found.stamp = stamp(of: xmpPath, takeoutPath)
        if let takeout = takeoutPath.flatMap(TakeoutJSON.read) {
            found.dates += takeout.takenAt.map { [DateCandidate(.takeoutPhotoTakenTime, $0)] } ?? []
            found.take(takeout.location, from: .takeoutGeoData)
        }
        if let packet = xmpPath.flatMap(XMPSidecar.packet(at:)) {
            found.dates = XMPSidecar.dates(in: packet) + found.dates
            found.take(packet.location(), from: .xmpSidecar)
            found.rating = packet.rating()
            found.title = packet.title()
            found.description = packet.caption()
            found.keywords = packet.keywords()
        }
        return found
    }

    /// The stamp of the sidecars beside the media file at `path` (`xmp SIZE MTIME`,
    /// `json SIZE MTIME`, space-separated), or nil when it has none: what `read` would
    /// record, found by `stat` alone.
    public static func stamp(beside path: String,
                             exists: (String) -> Bool = { SourceFile.status(ofPath: $0) != nil }) -> String? {
        stamp(of: XMPSidecar.path(of: path, exists: exists), TakeoutJSON.path(of: path, exists: exists))
    }

    private static func stamp(of xmp: String?, _ takeout: String?) -> String? {
        let parts = [("xmp", xmp), ("json", takeout)].compactMap { kind, path -> String? in
            guard let path, let status = SourceFile.status(ofPath: path) else { return nil }
            return "\(kind) \(status.size) \(status.modifiedNanoseconds)"
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// What is catalogued, from what the file says (`metadata`, `fileDates`) and what its
    /// sidecars say: their values override the file's, and the capture time is the best
    /// (`CaptureTimeChoice`) of the sidecars' dates, the file's and its modification time.
    /// Every decoder settles its metadata here, so the order is applied in one place. Returns
    /// every candidate the choice was made from.
    @discardableResult
    package func settle(_ metadata: inout PhotoMetadata, fileDates: [DateCandidate], modifiedNanoseconds: Int64) -> [DateCandidate] {
        override(&metadata)
        let dates = self.dates + fileDates
            + [DateCandidate(.fileModificationTime, DateCandidate.isoTime(nanoseconds: modifiedNanoseconds))]
        let best = CaptureTimeChoice.best(of: dates)
        (metadata.takenAt, metadata.takenAtSource) = (best?.value, best?.source)
        return dates
    }

    /// Overrides what the file says with what the sidecars say, field by field; dates are
    /// not among them (they are candidates for `CaptureTimeChoice`, with the file's own).
    public func override(_ metadata: inout PhotoMetadata) {
        if let location { (metadata.location, metadata.locationSource) = (location, locationSource) }
        if let rating { metadata.rating = rating }
        if let title { metadata.title = title }
        if let description { metadata.description = description }
        if !keywords.isEmpty { metadata.keywords = keywords }
    }

    /// A position from `source`, unless the XMP sidecar (read later, so it overwrites) has one.
    private mutating func take(_ position: GPSLocation?, from source: LocationSource) {
        guard let position else { return }
        (location, locationSource) = (position, source)
    }
}
