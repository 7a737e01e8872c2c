/* LibRaw's header only: the library is opened on first use (CLazyLibraries), so nothing here
 * links it. */
#include <malloc.h>
#include <pthread.h>
#include <stddef.h>
#include <libraw/libraw.h>

/* LibRaw's default handler prints "unknown file: Unexpected end of file" on standard error;
 * the caller reports failures itself, from the return codes. */
static inline void sb_libraw_quiet_data_error(void *data, const char *file, const int offset) {
    (void)data; (void)file; (void)offset;
}

/* The same for the default memory handler ("Out of memory in ..."). */
static inline void sb_libraw_quiet_memory_error(void *data, const char *file, const char *where) {
    (void)data; (void)file; (void)where;
}

/* libraw_init with every allocation it makes zero-filled (glibc's perturb byte 0xFF fills new
 * blocks with 0x00), one handle at a time. LibRaw's decoders keep their read buffers in the
 * handle (`tls`: Panasonic's `pana_data.buf`, 16 KB) without clearing them, and a decoder that
 * reads past the end of a cut-off file leaves in them whatever the heap held before: a reused
 * block from another decode made the same RW2 fail in 1 run of 6 beside other files and
 * develop in the others (a fresh process's blocks are zero). Zeroed, it is what LibRaw alone does, every time. */
static inline libraw_data_t *sb_libraw_init_zeroed(void) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    mallopt(M_PERTURB, 0xFF);
    libraw_data_t *raw = libraw_init(0);
    mallopt(M_PERTURB, 0);
    pthread_mutex_unlock(&lock);
    return raw;
}

/* A LibRaw handle that reads `size` bytes at `bytes` (kept alive by the caller until
 * libraw_close) and has identified the file: sizes, camera, lens, capture data and the
 * embedded preview's description, no pixel read yet. LibRaw refuses any single allocation
 * over `max_memory_mb`. NULL with *error set (a LibRaw error code, or
 * LIBRAW_UNSUFFICIENT_MEMORY when no handle could be made). */
static inline libraw_data_t *sb_libraw_open(const void *bytes, size_t size, unsigned max_memory_mb, int *error) {
    libraw_data_t *raw = sb_libraw_init_zeroed();
    if (!raw) {
        *error = LIBRAW_UNSUFFICIENT_MEMORY;
        return NULL;
    }
    raw->params.max_raw_memory_mb = max_memory_mb;
    libraw_set_dataerror_handler(raw, sb_libraw_quiet_data_error, NULL);
    libraw_set_memerror_handler(raw, sb_libraw_quiet_memory_error, NULL);
    *error = libraw_open_buffer(raw, (void *)bytes, size);
    if (*error != LIBRAW_SUCCESS) {
        libraw_close(raw);
        return NULL;
    }
    return raw;
}

/* Sets what a half-size development for a thumbnail needs: one pixel per Bayer quad (no
 * demosaic), the camera's white balance, 8-bit sRGB output, the flip applied. */
static inline void sb_libraw_set_half_size(libraw_data_t *raw) {
    raw->params.half_size = 1;
    raw->params.use_camera_wb = 1;
    raw->params.output_bps = 8;
    raw->params.output_color = 1;
}
