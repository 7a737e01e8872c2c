// A thin layer over FFmpeg for probing videos, decoding one poster frame, and encoding the
// gallery's web renditions (H.264 MP4, muxed in memory).
// Files are read through Shoebox's own descriptor (opened O_NOFOLLOW, checked regular):
// FFmpeg never sees a path, so no protocol or option string can hide in a file name, and
// the demuxer is the one Shoebox sniffed, never a probed guess.
// The executable does not link FFmpeg: every FFmpeg function called here and from Swift
// resolves to a forwarder in Sources/CFFmpegLoader, which loads FFmpeg on first use (a
// function missing from its list fails at link time).
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/* A byte range of a descriptor: the whole file, or a video embedded in a still. */
typedef struct {
    int fd;
    int64_t base;
    int64_t position;
    int64_t size;
} SBDescriptorSource;

static int sb_av_read(void *opaque, uint8_t *buffer, int size) {
    SBDescriptorSource *source = opaque;
    if (source->position >= source->size)
        return AVERROR_EOF;
    if (size > source->size - source->position)
        size = (int) (source->size - source->position);
    ssize_t n;
    do { n = pread(source->fd, buffer, (size_t) size, source->base + source->position); } while (n < 0 && errno == EINTR);
    if (n < 0)
        return AVERROR(errno);
    if (n == 0)
        return AVERROR_EOF;
    source->position += n;
    return (int) n;
}

static int64_t sb_av_seek(void *opaque, int64_t offset, int whence) {
    SBDescriptorSource *source = opaque;
    switch (whence & ~AVSEEK_FORCE) {
    case AVSEEK_SIZE: return source->size;
    case SEEK_SET: source->position = offset; break;
    case SEEK_CUR: source->position += offset; break;
    case SEEK_END: source->position = source->size + offset; break;
    default: return -1;
    }
    return source->position;
}

static void sb_av_silence(void) { av_log_set_level(AV_LOG_QUIET); }

/* Opens `size` bytes of `fd` from `base` with the named demuxer ("mov", "matroska", "avi") and,
 * with `probe`, reads the stream information (avformat_find_stream_info, which decodes the
 * first frames of every stream); without, the streams are as the container's headers give
 * them. On failure returns a negative AVERROR and leaves *out NULL. */
static inline int sb_av_open_descriptor(int fd, int64_t base, int64_t size, const char *demuxer, int probe, AVFormatContext **out) {
    *out = NULL;
    sb_av_silence();
    const AVInputFormat *format = av_find_input_format(demuxer);
    if (!format)
        return AVERROR_DEMUXER_NOT_FOUND;
    SBDescriptorSource *source = av_mallocz(sizeof *source);
    unsigned char *buffer = av_malloc(1 << 16);
    AVFormatContext *context = avformat_alloc_context();
    AVIOContext *io = source && buffer ? avio_alloc_context(buffer, 1 << 16, 0, source, sb_av_read, NULL, sb_av_seek) : NULL;
    if (!source || !buffer || !context || !io) {
        av_free(source); if (!io) av_free(buffer); avio_context_free(&io); avformat_free_context(context);
        return AVERROR(ENOMEM);
    }
    source->fd = fd;
    source->base = base;
    source->size = size;
    context->pb = io;
    context->flags |= AVFMT_FLAG_CUSTOM_IO;
    int rc = avformat_open_input(&context, NULL, format, NULL);
    if (rc >= 0 && probe)
        rc = avformat_find_stream_info(context, NULL);
    if (rc < 0) {
        if (context) avformat_close_input(&context);
        av_free(io->buffer);
        avio_context_free(&io);
        av_free(source);
        return rc;
    }
    *out = context;
    return 0;
}

/* Closes what sb_av_open_descriptor opened (not the descriptor itself). */
static inline void sb_av_close(AVFormatContext **context) {
    if (!*context)
        return;
    AVIOContext *io = (*context)->pb;
    avformat_close_input(context);
    if (io) {
        av_free(io->opaque);
        av_freep(&io->buffer);
        avio_context_free(&io);
    }
}

/* The clockwise rotation in degrees that shows the stream upright (0, 90, 180, 270), from
 * its display matrix; *mirrored is set when the matrix also flips. 0 without a matrix. */
static inline int sb_av_display_rotation(const AVStream *stream, int *mirrored) {
    *mirrored = 0;
    size_t size = 0;
    const int32_t *matrix = (const int32_t *) av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!matrix || size < 9 * sizeof(int32_t))
        return 0;
    double counterclockwise = av_display_rotation_get(matrix);
    if (isnan(counterclockwise))
        return 0;
    *mirrored = ((int64_t) matrix[0] * matrix[4] - (int64_t) matrix[1] * matrix[3]) < 0;
    int clockwise = (int) lround(-counterclockwise);
    clockwise = ((clockwise % 360) + 360) % 360;
    return ((clockwise + 45) / 90 % 4) * 90;
}

static inline int sb_averror_again(void) { return AVERROR(EAGAIN); }
static inline int sb_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t sb_av_nopts(void) { return AV_NOPTS_VALUE; }

/* Converts a decoded frame to packed RGB24 of dst_width x dst_height (area-averaged) into
 * `dst`, whose rows are `dst_stride` bytes apart (at least dst_width * 3) and which holds
 * dst_height rows: exactly that many bytes are written, no more.
 * libswscale does not promise that: its SIMD output routines write whole vector blocks, past
 * the end of a row whose width is not a multiple of the block, and expect the destination's
 * strides and buffer to be aligned and padded as FFmpeg's own frames are. So the scaler writes
 * into a frame FFmpeg allocates (av_frame_get_buffer: aligned strides, padding after the last
 * row), and its rows are copied out. 0, or a negative AVERROR. */
static inline int sb_av_frame_to_rgb(const AVFrame *frame, int dst_width, int dst_height, uint8_t *dst, int dst_stride) {
    if (dst_width <= 0 || dst_height <= 0 || dst_width > INT_MAX / 3 || dst_stride < dst_width * 3)
        return AVERROR(EINVAL);
    if (frame->width <= 0 || frame->height <= 0)
        return AVERROR_INVALIDDATA;
    AVFrame *rgb = av_frame_alloc();
    if (!rgb)
        return AVERROR(ENOMEM);
    rgb->format = AV_PIX_FMT_RGB24;
    rgb->width = dst_width;
    rgb->height = dst_height;
    int rc = av_frame_get_buffer(rgb, 0);
    struct SwsContext *scaler = NULL;
    if (rc >= 0) {
        scaler = sws_getContext(frame->width, frame->height, (enum AVPixelFormat) frame->format,
                                dst_width, dst_height, AV_PIX_FMT_RGB24, SWS_AREA, NULL, NULL, NULL);
        rc = scaler ? 0 : AVERROR(EINVAL);
    }
    if (rc >= 0) {
        int rows = sws_scale(scaler, (const uint8_t * const *) frame->data, frame->linesize, 0, frame->height,
                             rgb->data, rgb->linesize);
        rc = rows == dst_height ? 0 : AVERROR(EINVAL);
    }
    if (rc >= 0)
        for (int y = 0; y < dst_height; y++)
            memcpy(dst + (size_t) y * (size_t) dst_stride, rgb->data[0] + (size_t) y * (size_t) rgb->linesize[0],
                   (size_t) dst_width * 3);
    sws_freeContext(scaler);
    av_frame_free(&rgb);
    return rc;
}

static void sb_av_keep_bytes(void *opaque, uint8_t *data) {
    (void) opaque;
    (void) data;
}

/* Sends `data` to an opened decoder as its one packet, then the end of the stream, and
 * receives the one frame it makes into `frame`: a still image's decode. With `in_place` the
 * packet refers to `data` itself, read-only and never freed by FFmpeg, instead of a padded copy:
 * the caller guarantees AV_INPUT_BUFFER_PADDING_SIZE readable bytes after it (FFmpeg's bitstream
 * readers may read that far past the end) and keeps it alive until the packet and the decoder's
 * own reference to it are dropped (av_packet_free; the decoder drops its reference when it has
 * decoded the packet, or at avcodec_flush_buffers). 0 or a negative AVERROR. */
static inline int sb_av_decode_whole_packet(AVCodecContext *context, AVPacket *packet, const uint8_t *data, int size,
                                            int in_place, AVFrame *frame) {
    int rc = 0;
    if (in_place) {
        packet->buf = av_buffer_create((uint8_t *) data, (size_t) size, sb_av_keep_bytes, NULL, AV_BUFFER_FLAG_READONLY);
        if (!packet->buf)
            return AVERROR(ENOMEM);
        packet->data = (uint8_t *) data;
        packet->size = size;
    } else {
        rc = av_new_packet(packet, size);
        if (rc < 0)
            return rc;
        memcpy(packet->data, data, (size_t) size);
    }
    rc = avcodec_send_packet(context, packet);
    if (rc == 0)
        rc = avcodec_send_packet(context, NULL);
    if (rc == 0)
        rc = avcodec_receive_frame(context, frame);
    return rc;
}

/* Decodes one still image held whole in memory (a BMP file, header included: what FFmpeg's
 * image decoders take as one packet), single-threaded. On success *out holds the frame (the
 * caller frees it); otherwise a negative AVERROR, AVERROR_DECODER_NOT_FOUND without a decoder. */
static inline int sb_av_decode_image(const uint8_t *data, int size, enum AVCodecID codec_id, AVFrame **out) {
    *out = NULL;
    sb_av_silence();
    const AVCodec *codec = avcodec_find_decoder(codec_id);
    if (!codec)
        return AVERROR_DECODER_NOT_FOUND;
    AVCodecContext *context = avcodec_alloc_context3(codec);
    AVPacket *packet = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    int rc = context && packet && frame ? 0 : AVERROR(ENOMEM);
    if (rc == 0) {
        context->thread_count = 1;
        rc = avcodec_open2(context, codec, NULL);
    }
    if (rc == 0)
        rc = sb_av_decode_whole_packet(context, packet, data, size, 0, frame);
    if (rc == 0) {
        *out = frame;
        frame = NULL;
    }
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    return rc;
}

static void sb_av_unmap_plane(void *length, uint8_t *data) {
    munmap(data, (size_t) (uintptr_t) length);
}

/* A decoder's picture buffers, laid out as FFmpeg's own get_buffer2 lays them out (the codec's
 * aligned dimensions, the width widened until every stride is a multiple of the codec's
 * alignment, 16 + 63 bytes after each plane), but each plane of a megabyte and more mapped on
 * its own, its pages zeroed by the kernel as the decoder first writes them (in huge pages where
 * the kernel has them). FFmpeg's pool zeroes each buffer as it allocates it, so a 12 MP
 * picture's 18 MB were in memory from the decode's first moment, and two decodes at once held
 * both whole. Smaller pictures (a grid's tiles) take FFmpeg's pool, which hands one tile's
 * buffers on to the next. */
static int sb_av_get_lazily_zeroed_buffer(AVCodecContext *context, AVFrame *frame, int flags) {
    enum { after = 16 + 64 - 1, mapped = 1 << 20 };
    int width = frame->width, height = frame->height, stride_align[AV_NUM_DATA_POINTERS], linesizes[4];
    avcodec_align_dimensions2(context, &width, &height, stride_align);
    for (int unaligned = 1; unaligned;) {
        if (width <= 0 || av_image_fill_linesizes(linesizes, frame->format, width) < 0)
            return avcodec_default_get_buffer2(context, frame, flags);
        width += width & ~(width - 1);
        unaligned = 0;
        for (int i = 0; i < 4; i++)
            unaligned |= stride_align[i] > 0 && linesizes[i] % stride_align[i];
    }
    ptrdiff_t strides[4] = { linesizes[0], linesizes[1], linesizes[2], linesizes[3] };
    size_t sizes[4];
    if (av_image_fill_plane_sizes(sizes, frame->format, height, strides) < 0 || sizes[0] < mapped)
        return avcodec_default_get_buffer2(context, frame, flags);
    for (int i = 0; i < 4 && sizes[i]; i++) {
        size_t length = sizes[i] + after;
        uint8_t *plane = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (plane != MAP_FAILED) {
            madvise(plane, length, MADV_HUGEPAGE);
            frame->buf[i] = av_buffer_create(plane, length, sb_av_unmap_plane, (void *) (uintptr_t) length, 0);
        }
        if (!frame->buf[i]) {
            if (plane != MAP_FAILED)
                munmap(plane, length);
            for (int j = 0; j < i; j++) {
                av_buffer_unref(&frame->buf[j]);
                frame->data[j] = NULL;
                frame->linesize[j] = 0;
            }
            return AVERROR(ENOMEM);
        }
        frame->data[i] = plane;
        frame->linesize[i] = linesizes[i];
    }
    frame->extended_data = frame->data;
    return 0;
}

/* Opens libavcodec's HEVC decoder for the pictures of a HEIF item: `configuration` is the
 * item's hvcC box (given to the decoder as extradata, so the data's NAL units carry hvcC's
 * length prefixes). With `threads` above 1 the rows of a picture coded for wavefront decoding
 * (most encoders' default) are decoded side by side, the same samples as one thread; a picture
 * coded otherwise is decoded by one. With `skip_loop_filters` neither deblocking nor SAO runs.
 * A slice that fails to decode fails the picture (AV_EF_EXPLODE) instead of leaving part of it
 * blank, and a picture over `max_pixels` is refused before its buffers are allocated. On
 * success *out holds the decoder (the caller frees it with avcodec_free_context); otherwise a
 * negative AVERROR. */
static inline int sb_av_open_hevc(const uint8_t *configuration, int configuration_size, int skip_loop_filters,
                                  int threads, int64_t max_pixels, AVCodecContext **out) {
    *out = NULL;
    sb_av_silence();
    const AVCodec *codec = avcodec_find_decoder(AV_CODEC_ID_HEVC);
    if (!codec)
        return AVERROR_DECODER_NOT_FOUND;
    if (configuration_size < 0)
        return AVERROR(EINVAL);
    AVCodecContext *context = avcodec_alloc_context3(codec);
    int rc = context ? 0 : AVERROR(ENOMEM);
    if (rc == 0) {
        context->extradata = av_mallocz((size_t) configuration_size + AV_INPUT_BUFFER_PADDING_SIZE);
        rc = context->extradata ? 0 : AVERROR(ENOMEM);
    }
    if (rc == 0) {
        memcpy(context->extradata, configuration, (size_t) configuration_size);
        context->extradata_size = configuration_size;
        context->thread_count = threads > 1 ? threads : 1;
        context->thread_type = FF_THREAD_SLICE;
        context->err_recognition = AV_EF_EXPLODE;
        context->max_pixels = max_pixels;
        context->apply_cropping = 0;
        context->get_buffer2 = sb_av_get_lazily_zeroed_buffer;
        if (skip_loop_filters)
            context->skip_loop_filter = AVDISCARD_ALL;
        rc = avcodec_open2(context, codec, NULL);
    }
    if (rc == 0)
        *out = context;
    else
        avcodec_free_context(&context);
    return rc;
}

/* Decodes one picture (an item's data, or a grid tile's) with a decoder sb_av_open_hevc opened,
 * then flushes the decoder, which keeps its parameter sets, buffers and tables for the next
 * picture. The conformance window is applied to the sample (not rounded to an alignment).
 * `in_place` as for sb_av_decode_whole_packet: nothing refers to `data` once this returns. On
 * success *out holds the frame (the caller frees it); otherwise a negative AVERROR. */
static inline int sb_av_decode_hevc_picture(AVCodecContext *context, const uint8_t *data, int size, int in_place,
                                            AVFrame **out) {
    *out = NULL;
    if (size < 0)
        return AVERROR(EINVAL);
    AVPacket *packet = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    int rc = packet && frame ? 0 : AVERROR(ENOMEM);
    if (rc == 0)
        rc = sb_av_decode_whole_packet(context, packet, data, size, in_place, frame);
    if (rc == 0 && (frame->decode_error_flags || (frame->flags & AV_FRAME_FLAG_CORRUPT)))
        rc = AVERROR_INVALIDDATA;
    if (rc == 0)
        rc = av_frame_apply_cropping(frame, AV_FRAME_CROP_UNALIGNED);
    if (rc == 0) {
        *out = frame;
        frame = NULL;
    }
    avcodec_flush_buffers(context);
    av_frame_free(&frame);
    av_packet_free(&packet);
    return rc;
}

/* The layout of a decoded frame's samples, when it is planar YCbCr (3 planes) or grey (1), one
 * depth for every plane, a sample a byte at 8 bits and a native 16-bit word (the value in the
 * low bits) above: *depth in bits, the chroma planes' subsampling shifts, *planes. -1 for any
 * other layout (packed, RGB, alpha, a palette, big-endian words, a hardware frame). */
static inline int sb_av_frame_layout(const AVFrame *frame, int *depth, int *shift_x, int *shift_y, int *planes) {
    const AVPixFmtDescriptor *format = av_pix_fmt_desc_get((enum AVPixelFormat) frame->format);
    const uint64_t refused = AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_ALPHA | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_HWACCEL
        | AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_FLOAT | AV_PIX_FMT_FLAG_BAYER;
    if (!format || (format->flags & refused) || (format->nb_components != 1 && format->nb_components != 3))
        return -1;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    int native = (format->flags & AV_PIX_FMT_FLAG_BE) != 0;
#else
    int native = (format->flags & AV_PIX_FMT_FLAG_BE) == 0;
#endif
    int bits = format->comp[0].depth;
    int word = bits > 8 ? 2 : 1;
    if (bits < 8 || bits > 16 || (word == 2 && !native))
        return -1;
    for (int i = 0; i < format->nb_components; i++) {
        const AVComponentDescriptor *component = &format->comp[i];
        if (component->plane != i || component->step != word || component->offset != 0 || component->shift != 0
            || component->depth != bits || !frame->data[i])
            return -1;
    }
    *depth = bits;
    *shift_x = format->log2_chroma_w;
    *shift_y = format->log2_chroma_h;
    *planes = format->nb_components;
    return 0;
}

/* ---- Web renditions: an MP4 muxed into memory ----
 * The mov muxer needs a seekable output, and with +faststart it re-opens its output (through
 * AVFormatContext.io_open) to move the moov box before the media data. Both are served here
 * from one growable buffer, so the muxer never opens a path; Shoebox writes the finished
 * bytes where it chooses. */
typedef struct {
    uint8_t *data;
    int64_t size;
    int64_t capacity;
} SBMemoryFile;

typedef struct {
    SBMemoryFile *file;
    int64_t position;
} SBMemoryCursor;

static int sb_mem_read(void *opaque, uint8_t *buffer, int size) {
    SBMemoryCursor *cursor = opaque;
    int64_t left = cursor->file->size - cursor->position;
    if (left <= 0)
        return AVERROR_EOF;
    if (size > left)
        size = (int) left;
    memcpy(buffer, cursor->file->data + cursor->position, (size_t) size);
    cursor->position += size;
    return size;
}

#if LIBAVFORMAT_VERSION_MAJOR >= 61
static int sb_mem_write(void *opaque, const uint8_t *buffer, int size) {
#else
static int sb_mem_write(void *opaque, uint8_t *buffer, int size) {
#endif
    SBMemoryCursor *cursor = opaque;
    SBMemoryFile *file = cursor->file;
    int64_t end = cursor->position + size;
    if (end > file->capacity) {
        int64_t capacity = file->capacity ? file->capacity : 1 << 20;
        while (capacity < end)
            capacity *= 2;
        uint8_t *grown = av_realloc(file->data, (size_t) capacity);
        if (!grown)
            return AVERROR(ENOMEM);
        file->data = grown;
        file->capacity = capacity;
    }
    if (cursor->position > file->size)
        memset(file->data + file->size, 0, (size_t) (cursor->position - file->size));
    memcpy(file->data + cursor->position, buffer, (size_t) size);
    cursor->position = end;
    if (end > file->size)
        file->size = end;
    return size;
}

static int64_t sb_mem_seek(void *opaque, int64_t offset, int whence) {
    SBMemoryCursor *cursor = opaque;
    switch (whence & ~AVSEEK_FORCE) {
    case AVSEEK_SIZE: return cursor->file->size;
    case SEEK_SET: break;
    case SEEK_CUR: offset += cursor->position; break;
    case SEEK_END: offset += cursor->file->size; break;
    default: return AVERROR(EINVAL);
    }
    if (offset < 0)
        return AVERROR(EINVAL);
    cursor->position = offset;
    return offset;
}

static AVIOContext *sb_mem_context(SBMemoryFile *file, int writable) {
    SBMemoryCursor *cursor = av_mallocz(sizeof *cursor);
    unsigned char *buffer = av_malloc(1 << 16);
    AVIOContext *io = cursor && buffer
        ? avio_alloc_context(buffer, 1 << 16, writable, cursor, sb_mem_read, writable ? sb_mem_write : NULL, sb_mem_seek) : NULL;
    if (!io) {
        av_free(cursor);
        av_free(buffer);
        return NULL;
    }
    cursor->file = file;
    return io;
}

static void sb_mem_context_free(AVIOContext *io) {
    if (!io)
        return;
    if (io->write_flag)
        avio_flush(io);
    av_free(io->opaque);
    av_freep(&io->buffer);
    avio_context_free(&io);
}

static int sb_mem_io_open(AVFormatContext *s, AVIOContext **pb, const char *url, int flags, AVDictionary **options) {
    (void) url;
    (void) options;
    if ((flags & AVIO_FLAG_WRITE) || !s->pb)
        return AVERROR(EPERM);
    SBMemoryCursor *main = s->pb->opaque;
    *pb = sb_mem_context(main->file, 0);
    return *pb ? 0 : AVERROR(ENOMEM);
}

static int sb_mem_io_close2(AVFormatContext *s, AVIOContext *pb) {
    (void) s;
    sb_mem_context_free(pb);
    return 0;
}

/* A muxer (`muxer`: "mp4") writing into memory. On failure a negative AVERROR and *out NULL. */
static inline int sb_av_open_memory_output(const char *muxer, AVFormatContext **out) {
    *out = NULL;
    sb_av_silence();
    AVFormatContext *context = NULL;
    int rc = avformat_alloc_output_context2(&context, NULL, muxer, NULL);
    if (rc < 0)
        return rc;
    SBMemoryFile *file = av_mallocz(sizeof *file);
    AVIOContext *io = file ? sb_mem_context(file, 1) : NULL;
    if (!io) {
        av_free(file);
        avformat_free_context(context);
        return AVERROR(ENOMEM);
    }
    context->pb = io;
    context->flags |= AVFMT_FLAG_CUSTOM_IO;
    context->io_open = sb_mem_io_open;
    context->io_close2 = sb_mem_io_close2;
    *out = context;
    return 0;
}

/* The bytes written so far (after av_write_trailer: the whole file), lent until the output is closed. */
static inline const uint8_t *sb_av_memory_output_bytes(AVFormatContext *context, int64_t *size) {
    avio_flush(context->pb);
    SBMemoryCursor *cursor = context->pb->opaque;
    *size = cursor->file->size;
    return cursor->file->data;
}

/* Frees what sb_av_open_memory_output made, bytes included. */
static inline void sb_av_close_memory_output(AVFormatContext **context) {
    if (!*context)
        return;
    AVIOContext *io = (*context)->pb;
    SBMemoryFile *file = io ? ((SBMemoryCursor *) io->opaque)->file : NULL;
    sb_mem_context_free(io);
    (*context)->pb = NULL;
    if (file) {
        av_free(file->data);
        av_free(file);
    }
    avformat_free_context(*context);
    *context = NULL;
}

/* A scaler for one source geometry: made again when a frame's size or format differs. */
typedef struct {
    struct SwsContext *context;
    int width, height, format;
} SBScaler;

/* Converts `source` into `target` (its size and pixel format already set, buffers allocated). */
static inline int sb_av_scale_frame(SBScaler *scaler, const AVFrame *source, AVFrame *target) {
    if (!scaler->context || scaler->width != source->width || scaler->height != source->height || scaler->format != source->format) {
        sws_freeContext(scaler->context);
        scaler->context = sws_getContext(source->width, source->height, (enum AVPixelFormat) source->format,
                                         target->width, target->height, (enum AVPixelFormat) target->format,
                                         SWS_BICUBIC, NULL, NULL, NULL);
        scaler->width = source->width;
        scaler->height = source->height;
        scaler->format = source->format;
    }
    if (!scaler->context)
        return AVERROR(EINVAL);
    int rc = av_frame_make_writable(target);
    if (rc < 0)
        return rc;
    int rows = sws_scale(scaler->context, (const uint8_t * const *) source->data, source->linesize, 0, source->height,
                         target->data, target->linesize);
    return rows == target->height ? 0 : AVERROR(EINVAL);
}

/* Frees what sb_av_scale_frame made. */
static inline void sb_av_free_scaler(SBScaler *scaler) {
    sws_freeContext(scaler->context);
    scaler->context = NULL;
}

/* Copies the display matrix (the rotation a player applies) from one stream to another. */
static inline int sb_av_copy_display_matrix(const AVStream *from, AVStream *to) {
    size_t size = 0;
    const uint8_t *matrix = av_stream_get_side_data(from, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!matrix || size < 9 * sizeof(int32_t))
        return 0;
    uint8_t *copy = av_stream_new_side_data(to, AV_PKT_DATA_DISPLAYMATRIX, size);
    if (!copy)
        return AVERROR(ENOMEM);
    memcpy(copy, matrix, size);
    return 0;
}
