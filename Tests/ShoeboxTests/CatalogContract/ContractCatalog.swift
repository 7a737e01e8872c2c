import Foundation
@testable import Shoebox

/// One catalog made for a test, and the folder it lives in (removed when this goes).
struct ContractCatalog {
    let backend: CatalogBackend
    let folder: TemporaryFolder
    let catalog: any Catalog

    /// Another handle on the same catalog: another writer, as a second process would be.
    func reopen() throws -> any Catalog {
        try backend.makeCatalog(folder)
    }
}
