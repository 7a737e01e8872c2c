import Foundation
import ShoeboxCatalog

/// Why a contact sheet page was not written, naming the page's file and the system's reason
/// in words (not Foundation's error domain and code).
enum ContactSheetError: Error, CustomStringConvertible {
    case unwritable(path: String, reason: String)

    /// The operating system's words for a failed write (`No space left on device`), else
    /// Foundation's description.
    static func reason(of error: Error) -> String {
        let failure = error as NSError
        if let cause = failure.userInfo[NSUnderlyingErrorKey] as? NSError, cause.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(cause.code)))
        }
        return failure.localizedDescription
    }

    var description: String {
        switch self {
        case let .unwritable(path, reason): return "cannot write the contact sheet \(PathText.printable(path)): \(reason)"
        }
    }
}
