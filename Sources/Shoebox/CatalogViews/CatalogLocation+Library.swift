extension CatalogLocation {
    /// The default: the library's own `catalog.sqlite`.
    public static func `default`(for library: Library) -> CatalogLocation {
        .sqlite(path: library.catalogPath)
    }
}
