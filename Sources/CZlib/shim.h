// zlib: how many bytes a deflate stream inflates to, counted without keeping them.
#include <stddef.h>
#include <string.h>
#include <zlib.h>

// The size `data` (a zlib stream, as PNG's zTXt, iTXt and iCCP chunks hold) inflates to,
// counted through a small scratch buffer and stopped once past `at_most`: at most
// `at_most` + the scratch's size is ever inflated, whatever the stream claims. Returns the
// count (more than `at_most` when stopped), or -1 when zlib cannot read the stream up to
// there (a broken or cut stream: the count so far is not a size).
static inline long long sb_zlib_inflated_size(const void *data, size_t length, long long at_most) {
    unsigned char scratch[16384];
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return -1;
    stream.next_in = (Bytef *)data;
    long long total = 0;
    int status = Z_OK;
    size_t left = length;
    while (status == Z_OK && total <= at_most) {
        if (stream.avail_in == 0) {
            if (left == 0) break;
            uInt chunk = left > 0x40000000u ? 0x40000000u : (uInt)left;
            stream.avail_in = chunk;
            left -= chunk;
        }
        stream.next_out = scratch;
        stream.avail_out = sizeof scratch;
        status = inflate(&stream, Z_NO_FLUSH);
        total += (long long)(sizeof scratch - stream.avail_out);
    }
    inflateEnd(&stream);
    if (total > at_most) return total;
    return status == Z_STREAM_END ? total : -1;
}

// Inflates a gzip member (`data`, as `gzip` writes it) into `out`, which holds `capacity`
// bytes. Returns the count written; -1 when zlib cannot read the stream; -2 when it
// inflates to more than `capacity` (nothing past `capacity` is ever written).
static inline long long sb_gzip_inflate(const void *data, size_t length, void *out, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return -1;
    if (length > 0x40000000u || capacity > 0x40000000u) { inflateEnd(&stream); return -2; }
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)length;
    stream.next_out = (Bytef *)out;
    stream.avail_out = (uInt)capacity;
    int status = inflate(&stream, Z_FINISH);
    long long written = (long long)(capacity - stream.avail_out);
    inflateEnd(&stream);
    if (status == Z_STREAM_END) return written;
    return stream.avail_out == 0 ? -2 : -1;
}
