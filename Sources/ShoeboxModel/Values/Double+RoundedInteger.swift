extension Double {
    /// The nearest whole number (halves away from zero) as an `Int`; nil when the value is not
    /// finite or lies outside `Int`. `Int(value.rounded())` traps on those, and a number read
    /// from a file (`xmp:Rating="1e19"`, a container's duration, LibRaw's ISO) may be any of
    /// them: every such number becomes an `Int` through here, and nil means the field is unread.
    package var roundedInt: Int? { Int(exactly: rounded()) }
}
