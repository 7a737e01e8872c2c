import Foundation

/// One asset in an album page's justified rows: a box with the aspect of its `thumb`
/// rendition (the aspect rule made visible: panoramas wide, very tall images narrow), a
/// lazily loaded image with every rendition in `srcset`, its badge, and what the lightbox
/// shows in `data-` attributes. Without JavaScript the link opens the largest rendition.
struct AssetTile {
    let asset: AssetRecord
    let links: GalleryLinks
    /// The web rendition that plays (a Live Photo's video on hover, a video in the
    /// lightbox), relative to the gallery; nil when there is none.
    var play: String? = nil

    var html: String {
        let renditions = asset.thumbnails.sorted { $0.width < $1.width }
        guard let small = renditions.first, let large = renditions.last else { return "" }
        let aspect = small.height > 0 ? Double(small.width) / Double(small.height) : 1
        let name = GalleryHTML.escape(asset.path.split(separator: "/").last.map(String.init) ?? asset.path)
        let srcset = renditions.map { "\(links.libraryFile($0.relativePath)) \($0.width)w" }.joined(separator: ", ")
        var attributes = "class=\"t \(asset.kind.rawValue)\" href=\"\(links.libraryFile(large.relativePath))\""
            + " style=\"--a:\(Self.decimal(aspect))\"" + details.map { " data-\($0.0)=\"\(GalleryHTML.escape($0.1))\"" }.joined()
        if let animation = playable { attributes += " data-o=\"\(GalleryLinks.encode(animation))\"" }
        if links.includesOriginals, let original = links.original(of: asset) {
            attributes += " data-g=\"\(GalleryLinks.encode(original))\""
        }
        if let play { attributes += " data-v=\"\(GalleryLinks.encode(play))\"" }
        return "<a \(attributes)><img loading=\"lazy\" src=\"\(links.libraryFile(small.relativePath))\" srcset=\"\(srcset)\""
            + " sizes=\"(max-width: 700px) 50vw, 25vw\" width=\"\(small.width)\" height=\"\(small.height)\" alt=\"\(name)\">"
            + (badge.map { "<b>\($0)</b>" } ?? "") + "</a>"
    }

    /// LIVE, GIF (or ANIM for other animated images), a video's duration, RAW for a camera
    /// RAW, EDITED for an asset shown as its edited rendition (`IMG_E1234`).
    var badge: String? {
        let kind: String?
        switch asset.kind {
        case .livePhoto: kind = "LIVE"
        case .gif: kind = (asset.details.frameCount ?? 1) > 1 ? "GIF" : nil
        case .video: kind = asset.details.durationSeconds.flatMap(Self.duration) ?? "VIDEO"
        case .photo: kind = asset.subtypes.contains(.animated) ? "ANIM" : asset.subtypes.contains(.raw) ? "RAW" : nil
        }
        let badges = [kind, ResourceGrouping.isEdited(asset.path) ? "EDITED" : nil].compactMap { $0 }
        return badges.isEmpty ? nil : badges.joined(separator: " · ")
    }

    /// What plays on hover: the original file of an animated GIF, or of an animated WebP,
    /// AVIF sequence or PNG (what browsers animate; not an animated HEIC or JPEG XL), as the
    /// gallery holds it.
    private var playable: String? {
        let animated = asset.kind == .gif ? (asset.details.frameCount ?? 1) > 1
            : asset.kind == .photo && asset.subtypes.contains(.animated) && [.webp, .avif, .png].contains(asset.format)
        return animated ? links.original(of: asset) : nil
    }

    /// The lightbox's facts: name, title, date in words with its zone and its source, camera,
    /// lens, exposure, rating, keywords, place (its name, from the places data; the position
    /// where no place is near) with a map link at the position, pixel size.
    private var details: [(String, String)] {
        let m = asset.metadata
        var fields: [(String, String)] = [("n", asset.path.split(separator: "/").last.map(String.init) ?? asset.path)]
        if let title = m.title { fields.append(("t", title)) }
        if let taken = m.takenAt {
            fields.append(("d", PhotoFacts.when(taken, offset: asset.takenOffset) + (m.takenAtSource.map { " (\($0.rawValue))" } ?? "")))
        }
        if let camera = CameraName.text(make: m.make, model: m.model) { fields.append(("c", camera)) }
        if let lens = m.lensModel { fields.append(("l", lens)) }
        if let exposure = PhotoFacts.exposure(m) { fields.append(("e", exposure)) }
        if let stars = PhotoFacts.stars(m.rating) { fields.append(("r", stars)) }
        if !m.keywords.isEmpty { fields.append(("k", m.keywords.joined(separator: ", "))) }
        if let place = asset.place {
            fields.append(("p", [place.city, place.region, place.country].compactMap { $0 }.joined(separator: ", ")))
        } else if let position = m.location {
            fields.append(("p", Self.decimal(position.latitude, places: 5) + ", " + Self.decimal(position.longitude, places: 5)))
        }
        if let position = m.location, position.latitude.isFinite, position.longitude.isFinite {
            fields.append(("m", Self.mapLink(position)))
        }
        fields.append(("z", "\(asset.width)×\(asset.height)"))
        return fields
    }

    /// OpenStreetMap at the position, a pin on it: a link the person follows; the page itself
    /// fetches no map.
    static func mapLink(_ position: GPSLocation) -> String {
        let (lat, lon) = (decimal(position.latitude, places: 5), decimal(position.longitude, places: 5))
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=15/\(lat)/\(lon)"
    }

    /// `M:SS`; nil for a duration the catalog took from a file that is below zero, not a
    /// number or beyond `Int` (the badge then says VIDEO).
    static func duration(_ seconds: Double) -> String? {
        guard let whole = seconds.roundedInt, whole >= 0 else { return nil }
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }

    static func decimal(_ value: Double, places: Int = 4) -> String {
        String(format: "%.\(places)f", value)
    }
}
