/// The database library behind a catalog failure, kept when a file's lookup fails.
extension CatalogError: LibraryCausing {
    public var libraryCause: LibraryCause? {
        switch self {
        case let .diskFull(failure), let .busy(failure), let .corrupt(failure), let .cannotConnect(_, failure),
             let .lostConnection(failure), let .failed(failure):
            return LibraryCause(library: failure.library.rawValue, code: failure.code, message: failure.message)
        case .newerSchema, .olderSchema, .readOnly, .notFound:
            return nil
        }
    }
}
