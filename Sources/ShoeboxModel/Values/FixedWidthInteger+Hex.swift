extension FixedWidthInteger where Self: UnsignedInteger {
    /// Lower-case hex with every digit the type holds (16 for a `UInt64`, 8 for a `UInt32`):
    /// names and keys made from hashes and random numbers keep one length, so they sort and
    /// compare as text.
    package var zeroPaddedHex: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: Self.bitWidth / 4 - digits.count) + digits
    }
}
