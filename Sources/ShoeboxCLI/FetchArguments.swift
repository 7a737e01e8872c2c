import Shoebox

/// The fetch options of `shoebox list`: `--album`, `--kind`, `--sort`, `--since`, `--until`,
/// `--has-location`, `--place`, `--moment`, `--include-burst-members`, `--limit`, `--offset`.
enum FetchArguments {
    static let options: Set<String> = ["--album", "--kind", "--sort", "--since", "--until", "--place", "--moment", "--limit", "--offset"]
    static let flags: Set<String> = ["--has-location", "--include-burst-members"]

    static let help = """
          --album TITLE           Only this album's assets, in the album's order unless --sort is given
                                  (a user album's own order; a folder album's newest first). A user
                                  album of that title comes before a folder album.
          --kind K                Only assets of kind K: photo, video, livePhoto or gif. Repeatable.
          --sort KEY              taken, added or name (file name, ASCII without case); a leading -
                                  reverses: -taken is newest first. An asset with no capture date
                                  sorts by the date it was added. Default: the album's order with
                                  --album, else taken.
          --since DATE            Captured on or after DATE: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS],
                                  a real date and time, compared with the capture time as written
                                  (local time).
          --until DATE            Captured on or before DATE; YYYY-MM-DD includes that whole day.
          --has-location          Only assets with a GPS position.
          --place NAME            Only assets in this place: a city, region or country as
                                  'shoebox places' lists it (its case ignored).
          --moment ID             Only the assets of this moment ('shoebox moments' lists the ids).
          --include-burst-members Every photo of each burst, not only the one shown for it (the
                                  person's pick, else the camera's cover, else the first).
          --limit N               At most N assets.
          --offset N              Skip the first N assets.
        """

    /// Whether any fetch option was given (then `list` prints a fetch, not the whole catalog).
    static func isFetch(_ args: CommandLineArguments) -> Bool {
        options.contains { args.value($0) != nil } || flags.contains { args.has($0) }
    }

    /// The options, with the album title resolved by `resolveAlbum` and the place's name by
    /// `resolvePlace`.
    static func options(_ args: CommandLineArguments, resolveAlbum: (String) throws -> AlbumReference,
                        resolvePlace: (String) throws -> String, resolveMoment: (Int64) throws -> Int64) throws -> AssetFetchOptions {
        var options = AssetFetchOptions()
        options.kinds = Set(try args.allValues("--kind").map(kind))
        options.album = try args.value("--album").map(resolveAlbum)
        options.takenSince = try args.value("--since").map { try date($0, option: "--since") }
        options.takenUntil = try args.value("--until").map { try date($0, option: "--until") }
        options.hasLocation = args.has("--has-location") ? true : nil
        options.includeBurstMembers = args.has("--include-burst-members")
        options.place = try args.value("--place").map(resolvePlace)
        options.moment = try args.value("--moment").map { text in
            guard let id = Int64(text) else { throw UsageError("--moment takes a moment's id (a whole number), not \"\(text)\"") }
            return try resolveMoment(id)
        }
        options.sort = try args.value("--sort").map(sort)
        options.limit = try args.integer("--limit", atLeast: 0)
        options.offset = try args.integer("--offset", atLeast: 0) ?? 0
        return options
    }

    static func kind(_ text: String) throws -> AssetKind {
        guard let kind = AssetKind(rawValue: text) else {
            throw UsageError("--kind takes \(AssetKind.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
        }
        return kind
    }

    static func sort(_ text: String) throws -> AssetSort {
        let descending = text.hasPrefix("-")
        guard let key = AssetSort.Key(rawValue: String(text.dropFirst(descending ? 1 : 0))) else {
            throw UsageError("--sort takes taken, added, name or album, each optionally with a leading -, not \"\(text)\"")
        }
        return AssetSort(key, ascending: !descending)
    }

    /// `YYYY-MM-DD`, optionally with `THH:MM` and `:SS`, a date the calendar has (`CalendarDate`).
    static func date(_ text: String, option: String) throws -> String {
        do {
            return try CalendarDate(text).text
        } catch .shape {
            throw UsageError("\(option) takes YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], not \"\(text)\"")
        } catch {
            throw UsageError("\(option) takes a real date, not \"\(text)\": \(error)")
        }
    }
}
