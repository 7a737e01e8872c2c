import Foundation
import Shoebox

enum AlbumCommand: Command {
    static let name = "album"
    static let abstract = "Make and edit user albums, and set any album's cover."
    static let help = """
        OVERVIEW: \(abstract)
        An album holds references: removing an asset from it, or deleting it, never touches the
        asset or its files. Folder albums follow their folders on disk; only their cover can be set.

        USAGE: shoebox album create|add|insert|remove|reorder|rename|delete|cover TITLE ... [--library DIR] [--catalog URL]
               shoebox album create TITLE             Make a user album (an existing one is kept).
               shoebox album add TITLE ASSET...       Append assets (ones already in it stay put).
               shoebox album insert TITLE ASSET... --at N
                                                      Put assets at position N (0 = first).
               shoebox album remove TITLE ASSET...    Take assets out of the album.
               shoebox album reorder TITLE ASSET... [--at N]
                                                      Move assets of the album to N (default 0).
               shoebox album rename TITLE NEW-TITLE
               shoebox album delete TITLE
               shoebox album cover TITLE ASSET        Make ASSET the cover (key asset) of any album.

        ARGUMENTS:
          TITLE                   An album's title. For cover, a folder album's too (a user album of
                                  the same title comes first).
        \(AssetArgument.help)

        OPTIONS:
          --at N                  The position for insert and reorder: 0 is first.
        \(LibraryOption.help)
        \(CatalogOption.help)
          -h, --help              Show this help.

        The cover of a user album is its first asset, of a folder album its newest by capture date,
        unless set with cover.

        EXIT STATUS:
          0 done, 1 no such album or asset, or the edit was refused (the reason is printed),
          64 usage error (or no library at that place).
        """

    private static let arities: [String: (minimum: Int, maximum: Int?)] = [
        "create": (1, 1), "add": (2, nil), "insert": (2, nil), "remove": (2, nil), "reorder": (2, nil),
        "rename": (2, 2), "delete": (1, 1), "cover": (2, 2),
    ]

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try CommandLineArguments(arguments, options: ["--library", "--catalog", "--at"], flags: [])
        guard let action = args.positionals.first, let arity = arities[action] else {
            throw UsageError("album takes an action: \(arities.keys.sorted().joined(separator: ", "))")
        }
        let operands = Array(args.positionals.dropFirst())
        guard operands.count >= arity.minimum, operands.count <= arity.maximum ?? Int.max else {
            throw UsageError("wrong number of arguments for album \(action)")
        }
        let at = try position(args, action: action)
        let catalog = try CatalogOption.open(args, library: LibraryOption.library(args), for: .writing)
        Output.line(TerminalText.printable(try perform(action, title: operands[0], operands: Array(operands.dropFirst()),
                                                       paths: Array(args.positionalPaths.dropFirst(2)), at: at, catalog: catalog)))
        return ExitStatus.success
    }

    /// `--at`: required by insert, optional for reorder (0), refused elsewhere.
    private static func position(_ args: CommandLineArguments, action: String) throws -> Int {
        let at = try args.integer("--at", atLeast: 0)
        switch action {
        case "insert":
            guard let at else { throw UsageError("album insert needs --at N") }
            return at
        case "reorder": return at ?? 0
        default:
            if at != nil { throw UsageError("--at applies to insert and reorder only") }
            return 0
        }
    }

    /// `paths` are the operands' bytes as `PathText`, for operands that name assets.
    private static func perform(_ action: String, title: String, operands: [String], paths: [String], at: Int,
                                catalog: any Catalog) throws -> String {
        do {
            return try edit(action, title: title, operands: operands, paths: paths, at: at, catalog: catalog)
        } catch AlbumError.noSuchAlbum(let missing, didYouMean: nil) {
            throw AlbumError.noSuchAlbum(missing, didYouMean: try catalog.nearestTitle(to: missing))
        }
    }

    private static func edit(_ action: String, title: String, operands: [String], paths: [String], at: Int,
                             catalog: any Catalog) throws -> String {
        let ids = { try zip(operands, paths).map { try AssetArgument.id($0, path: $1, in: catalog) } }
        switch action {
        case "create":
            let created = try catalog.createAlbum(titled: title).created
            return created ? "created user album \"\(title)\"" : "user album \"\(title)\" already exists"
        case "add": try catalog.addAssets(try ids(), to: title)
        case "insert": try catalog.insertAssets(try ids(), into: title, at: at)
        case "remove": try catalog.removeAssets(try ids(), from: title)
        case "reorder": try catalog.reorderAssets(try ids(), in: title, at: at)
        case "rename":
            try catalog.renameAlbum(title, to: operands[0])
            return "renamed user album \"\(title)\" to \"\(operands[0])\""
        case "delete":
            try catalog.deleteAlbum(title)
            return "deleted user album \"\(title)\"; its assets are untouched"
        default: return try setCover(title, asset: operands[0], path: paths[0], catalog: catalog)
        }
        return try contents(title, catalog: catalog)
    }

    private static func setCover(_ title: String, asset: String, path: String, catalog: any Catalog) throws -> String {
        let album = try catalog.requireAlbum(titled: title)
        let id = try AssetArgument.id(asset, path: path, in: catalog)
        try catalog.setCover(id, of: album)
        return "the cover of \(album) is asset \(id)"
    }

    /// What a person wants to see after an edit: the album's order, briefly.
    private static func contents(_ title: String, catalog: any Catalog) throws -> String {
        let order = try catalog.leadingAssets(of: .user(title), count: 11)
        let shown = order.prefix(10).map(String.init).joined(separator: " ") + (order.count > 10 ? " ..." : "")
        let count = try catalog.summary(of: .user(title))?.count ?? 0
        return "user album \"\(title)\": \(count) assets\(count > 0 ? ": " + shown : "")"
    }
}
