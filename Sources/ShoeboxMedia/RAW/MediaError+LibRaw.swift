import CRaw

/// LibRaw's refusals by kind, from its own error codes, so that callers classify a RAW's
/// failure without naming LibRaw's constants.
extension MediaError {
    /// A camera or a variant LibRaw does not know (`LIBRAW_FILE_UNSUPPORTED`, `NOT_IMPLEMENTED`).
    public var isUnsupportedByLibRaw: Bool {
        guard case let .libraw(_, code, _) = self else { return false }
        return code == LIBRAW_FILE_UNSUPPORTED.rawValue || code == LIBRAW_NOT_IMPLEMENTED.rawValue
    }

    /// An allocation LibRaw refused as too large (`UNSUFFICIENT_MEMORY`, `TOO_BIG`, `MEMPOOL_OVERFLOW`).
    public var isOverLibRawsLimit: Bool {
        guard case let .libraw(_, code, _) = self else { return false }
        return [LIBRAW_UNSUFFICIENT_MEMORY.rawValue, LIBRAW_TOO_BIG.rawValue, LIBRAW_MEMPOOL_OVERFLOW.rawValue].contains(code)
    }
}
