/// Shoebox's version, as `shoebox --version` prints it and a package is named by
/// (`MAJOR.MINOR.PATCH`): raised by hand when a release is cut.
public enum ShoeboxVersion {
    public static let number = "0.1.0"
}
