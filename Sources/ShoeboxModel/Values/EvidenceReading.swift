/// Which reading of files made a catalogued asset: what the decoders read besides pixels
/// (metadata, subtypes' evidence, bursts, depth, motion photos), by version. A catalog row
/// records the version that read it; an ingest that meets an unchanged file read by an
/// earlier version reads it again (its evidence, not its pixels: the thumbnails stay), so an
/// upgraded Shoebox finds in an old library what it now knows how to find.
///
/// Bump `version` with every change to what a reader finds in a file, and say what it adds:
/// - 1: Portrait (depth data), bursts (Apple, Google, named frames), Hidden, and every
///   subtype before them; catalogs made before reading versions were recorded read as 0.
/// - 2: continuous drive from cameras' maker notes (`DriveModeMakerNote`), whose frames the
///   catalog makes bursts of (`ContinuousDriveRuns`).
public enum EvidenceReading {
    public static let version = 2
}
