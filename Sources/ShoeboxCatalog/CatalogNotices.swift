/// Where a catalog sends what it has to tell the person running the command while it works,
/// such as a PostgreSQL connection lost and being opened again: one line each, without a
/// `shoebox: ` prefix and unescaped (it may echo a host or database name). The command prints
/// them its own way, as it prints its other messages (the CLI: on stderr, with its prefix,
/// control characters escaped, after erasing a progress line); the catalog never writes to
/// stderr itself.
///
/// What a handler must allow: it is called from the catalog's queues, any thread, at any time
/// until the catalog is gone, while the catalog waits (a reconnect's back-off).
public struct CatalogNotices: Sendable {
    private let handler: @Sendable (String) -> Void

    public init(_ handler: @escaping @Sendable (String) -> Void) {
        self.handler = handler
    }

    /// Drops every line: for a catalog opened by a tool or test that shows nothing.
    public static let silent = CatalogNotices { _ in }

    func say(_ line: String) {
        handler(line)
    }
}
