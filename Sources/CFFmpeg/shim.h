// A thin layer over FFmpeg for probing videos and decoding one poster frame.
// Files are read through Shoebox's own descriptor (opened O_NOFOLLOW, checked regular):
// FFmpeg never sees a path, so no protocol or option string can hide in a file name, and
// the demuxer is the one Shoebox sniffed, never a probed guess.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
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

/* Converts a decoded frame to packed RGB24 of dst_width x dst_height (area-averaged). */
static inline int sb_av_frame_to_rgb(const AVFrame *frame, int dst_width, int dst_height, uint8_t *dst, int dst_stride) {
    struct SwsContext *scaler = sws_getContext(frame->width, frame->height, (enum AVPixelFormat) frame->format,
                                               dst_width, dst_height, AV_PIX_FMT_RGB24, SWS_AREA, NULL, NULL, NULL);
    if (!scaler)
        return AVERROR(EINVAL);
    uint8_t *planes[4] = { dst, NULL, NULL, NULL };
    int strides[4] = { dst_stride, 0, 0, 0 };
    int rows = sws_scale(scaler, (const uint8_t * const *) frame->data, frame->linesize, 0, frame->height, planes, strides);
    sws_freeContext(scaler);
    return rows == dst_height ? 0 : AVERROR(EINVAL);
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
        rc = av_new_packet(packet, size);
    if (rc == 0) {
        memcpy(packet->data, data, (size_t) size);
        rc = avcodec_send_packet(context, packet);
    }
    if (rc == 0)
        rc = avcodec_send_packet(context, NULL);
    if (rc == 0)
        rc = avcodec_receive_frame(context, frame);
    if (rc == 0) {
        *out = frame;
        frame = NULL;
    }
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&context);
    return rc;
}
