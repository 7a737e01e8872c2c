/// The names of one build's album and place pages (`GalleryFileName`): each its title made
/// readable, the same from build to build; where two titles read alike ("2024/Holiday" and
/// "2024 holiday"), each of them takes six hex digits of its own key after it, so that no two
/// pages share a name. A page of an album or place not given here is named as if alone.
struct GalleryPageNames {
    private var albums: [AlbumReference: String] = [:]
    private var places: [PlaceScope: String] = [:]

    init(albums: [AlbumReference] = [], places: [PlaceScope] = []) {
        self.albums = Self.unique(albums, base: GalleryFileName.albumBase, key: GalleryFileName.key)
        self.places = Self.unique(places, base: GalleryFileName.placeBase, key: GalleryFileName.placeKey)
    }

    func album(_ album: AlbumReference, page: Int) -> String {
        "\(albums[album] ?? GalleryFileName.albumBase(album))-\(page).html"
    }

    func place(_ place: PlaceScope, page: Int) -> String {
        "\(places[place] ?? GalleryFileName.placeBase(place))-\(page).html"
    }

    private static func unique<T: Hashable>(_ items: [T], base: (T) -> String, key: (T) -> String) -> [T: String] {
        var names: [T: String] = [:]
        for (name, alike) in Dictionary(grouping: Set(items), by: base) {
            for item in alike { names[item] = alike.count == 1 ? name : name + "-" + key(item).prefix(6) }
        }
        return names
    }
}
