/// Why a bit-field BMP could not be decoded (a mask that is not one run of bits, rows past the
/// end of the file...).
struct BMPBitFieldsError: Error, CustomStringConvertible {
    let description: String
}
