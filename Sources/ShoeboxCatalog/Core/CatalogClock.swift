import Foundation

/// The time the catalog stamps on runs and rows (`added_at`, `updated_at`): ISO 8601 in UTC,
/// which sorts as text on both backends.
enum CatalogClock {
    static func now() -> String {
        Date().formatted(.iso8601)
    }
}
