/// What a failure means and what to do about it, in words a person acts on: the failures
/// page says these, and keeps the library's own message behind them for a bug report.
public enum FailureWords {
    /// A group's heading: the class in words.
    public static func heading(_ errorClass: ErrorClass) -> String {
        switch errorClass {
        case .unsupported: return "Not a format Shoebox reads"
        case .damaged: return "Damaged files"
        case .tooLarge: return "Too large for the pipeline's limits"
        case .unreadable: return "Files that could not be read"
        case .timeout: return "Files that took too long"
        case .crashed: return "Files a decoding library crashed on"
        case .writeFailed: return "Files whose thumbnails could not be written"
        }
    }

    /// One file's reason: its class's meaning, made precise by the message where it says how
    /// (a file that ends early was probably copied incompletely).
    public static func reason(_ errorClass: ErrorClass, message: String?) -> String {
        let said = (message ?? "").lowercased()
        switch errorClass {
        case .damaged where endsEarly.contains(where: said.contains):
            return "The file ends early: it was probably copied incompletely. Copy it again from where it came from."
        case .damaged:
            return "The file is damaged: its data does not decode. Copy it again from where it came from, or open it in another program."
        case .unsupported:
            return "Not a format Shoebox reads, or a kind of it its libraries cannot read. Nothing is lost: the file stays as it is."
        case .tooLarge:
            return "Larger than the pipeline allows (its limits). Raise the limit in the pipeline file if this machine has the memory."
        case .unreadable:
            return "It could not be read: its permissions, a disk error, or not a regular file."
        case .timeout:
            return "Decoding it took longer than its time budget. It is tried again on the next ingest."
        case .crashed:
            return "A decoding library crashed on it; Shoebox went on without it. It is not tried again until it changes."
        case .writeFailed:
            return "Shoebox could not write its thumbnails: the library's disk is full or cannot be written."
        }
    }

    /// Words libraries use for data that stops before its end.
    static let endsEarly = ["truncated", "premature end", "unexpected end", "ends before", "end of file", "ends early"]
}
