#ifndef SB_JPEG_DECODE_H
#define SB_JPEG_DECODE_H

#include <stddef.h>

/* A JPEG decoded by libjpeg(-turbo) straight from the whole file in memory.
 *
 * libvips 8.14 hands libjpeg its input through a 4 KB window, which keeps libjpeg-turbo's
 * Huffman decoder off its fast path for most MCUs; jpeg_mem_src over the whole file keeps it
 * on. libjpeg reports errors by longjmp, which Swift cannot catch, so each call here sets its
 * own setjmp and fails instead (no reason is given: the caller decodes a declined file with
 * libvips, which reports it). The API is fixed-arity on purpose: the
 * Swift side decides what to do with a file, this layer only runs libjpeg.
 *
 * Only 8-bit greyscale, YCbCr and RGB files are taken (`sb_jpeg_open` declines the rest:
 * CMYK, YCCK, 12-bit), and a file about which libjpeg emits any warning (corrupt data, a
 * premature end, extraneous bytes) fails the decode: the caller decodes those with libvips. */

typedef struct sb_jpeg_decoder sb_jpeg_decoder;

/* The decode's output: `width` x `height` pixels of `bands` (1 grey, 3 RGB) bytes each. */
typedef struct {
    int width;
    int height;
    int bands;
} sb_jpeg_output;

/* Reads the header of the `length` bytes at `data` (which must stay valid until
 * sb_jpeg_close) and sets up a decode scaled by 1/`shrink` (1, 2, 4 or 8: libjpeg's DCT
 * scaling). Returns the decoder and fills *output, or NULL on a libjpeg error, a warning,
 * or a file this route does not take. */
sb_jpeg_decoder *sb_jpeg_open(const void *data, size_t length, int shrink, sb_jpeg_output *output);

/* Decodes every row into `pixels` (`stride` bytes a row, at least width x bands; `capacity`
 * bytes in all, at least height x stride). 0 on success; -1 on any libjpeg error or warning,
 * or a buffer too small. */
int sb_jpeg_read(sb_jpeg_decoder *decoder, unsigned char *pixels, size_t stride, size_t capacity);

/* After sb_jpeg_read returned 0: the offset just past the picture's end-of-image marker (FF D9),
 * which libjpeg has read and nothing after it (an appended video, a maker trailer); 0 before
 * a whole decode, or after a failed one. */
size_t sb_jpeg_end_of_image(const sb_jpeg_decoder *decoder);

/* Frees the decoder (NULL is ignored). */
void sb_jpeg_close(sb_jpeg_decoder *decoder);

#endif
