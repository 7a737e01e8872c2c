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
