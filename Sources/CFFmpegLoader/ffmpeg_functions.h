/* Every FFmpeg function Shoebox calls (from Swift and from Sources/CFFmpeg/shim.h), with the
 * library that defines it: F(library, return type, name, parameters, arguments) for functions
 * that return a value, P(library, name, parameters, arguments) for those that return nothing.
 * A call to a function missing here fails at link time ("undefined reference to av_..."):
 * add it here with its prototype from FFmpeg's header. */
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#if LIBAVFORMAT_VERSION_MAJOR >= 61
#define SB_AVIO_WRITE_BUFFER const uint8_t *
#else
#define SB_AVIO_WRITE_BUFFER uint8_t *
#endif

#if LIBAVUTIL_VERSION_MAJOR >= 57
#define SB_AV_BUFFER_SIZE size_t
#else
#define SB_AV_BUFFER_SIZE int
#endif

#define SB_FFMPEG_FUNCTIONS(F, P) \
    /* libavutil */ \
    F(SB_AVUTIL, AVBufferRef *, av_buffer_create, (uint8_t *data, SB_AV_BUFFER_SIZE size, void (*free)(void *opaque, uint8_t *data), void *opaque, int flags), (data, size, free, opaque, flags)) \
    P(SB_AVUTIL, av_buffer_unref, (AVBufferRef **buf), (buf)) \
    P(SB_AVUTIL, av_dict_free, (AVDictionary **m), (m)) \
    F(SB_AVUTIL, AVDictionaryEntry *, av_dict_get, (const AVDictionary *m, const char *key, const AVDictionaryEntry *prev, int flags), (m, key, prev, flags)) \
    F(SB_AVUTIL, int, av_dict_set, (AVDictionary **pm, const char *key, const char *value, int flags), (pm, key, value, flags)) \
    F(SB_AVUTIL, double, av_display_rotation_get, (const int32_t matrix[9]), (matrix)) \
    F(SB_AVUTIL, AVFrame *, av_frame_alloc, (void), ()) \
    F(SB_AVUTIL, int, av_frame_apply_cropping, (AVFrame *frame, int flags), (frame, flags)) \
    P(SB_AVUTIL, av_frame_free, (AVFrame **frame), (frame)) \
    F(SB_AVUTIL, int, av_frame_get_buffer, (AVFrame *frame, int align), (frame, align)) \
    F(SB_AVUTIL, int, av_frame_make_writable, (AVFrame *frame), (frame)) \
    P(SB_AVUTIL, av_frame_move_ref, (AVFrame *dst, AVFrame *src), (dst, src)) \
    P(SB_AVUTIL, av_frame_unref, (AVFrame *frame), (frame)) \
    P(SB_AVUTIL, av_free, (void *ptr), (ptr)) \
    P(SB_AVUTIL, av_freep, (void *ptr), (ptr)) \
    P(SB_AVUTIL, av_log_set_level, (int level), (level)) \
    F(SB_AVUTIL, void *, av_malloc, (size_t size), (size)) \
    F(SB_AVUTIL, void *, av_mallocz, (size_t size), (size)) \
    F(SB_AVUTIL, const AVPixFmtDescriptor *, av_pix_fmt_desc_get, (enum AVPixelFormat pix_fmt), (pix_fmt)) \
    F(SB_AVUTIL, int, av_image_fill_linesizes, (int linesizes[4], enum AVPixelFormat pix_fmt, int width), (linesizes, pix_fmt, width)) \
    F(SB_AVUTIL, int, av_image_fill_plane_sizes, (size_t size[4], enum AVPixelFormat pix_fmt, int height, const ptrdiff_t linesizes[4]), (size, pix_fmt, height, linesizes)) \
    F(SB_AVUTIL, int, av_opt_set, (void *obj, const char *name, const char *val, int search_flags), (obj, name, val, search_flags)) \
    F(SB_AVUTIL, void *, av_realloc, (void *ptr, size_t size), (ptr, size)) \
    F(SB_AVUTIL, int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size)) \
    /* libswscale */ \
    P(SB_SWSCALE, sws_freeContext, (struct SwsContext *swsContext), (swsContext)) \
    F(SB_SWSCALE, struct SwsContext *, sws_getContext, (int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param), (srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param)) \
    F(SB_SWSCALE, int, sws_scale, (struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY, int srcSliceH, uint8_t *const dst[], const int dstStride[]), (c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride)) \
    /* libavcodec */ \
    F(SB_AVCODEC, int, av_new_packet, (AVPacket *pkt, int size), (pkt, size)) \
    F(SB_AVCODEC, AVPacket *, av_packet_alloc, (void), ()) \
    P(SB_AVCODEC, av_packet_free, (AVPacket **pkt), (pkt)) \
    P(SB_AVCODEC, av_packet_rescale_ts, (AVPacket *pkt, AVRational tb_src, AVRational tb_dst), (pkt, tb_src, tb_dst)) \
    P(SB_AVCODEC, av_packet_unref, (AVPacket *pkt), (pkt)) \
    P(SB_AVCODEC, avcodec_align_dimensions2, (AVCodecContext *s, int *width, int *height, int linesize_align[AV_NUM_DATA_POINTERS]), (s, width, height, linesize_align)) \
    F(SB_AVCODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec)) \
    F(SB_AVCODEC, int, avcodec_default_get_buffer2, (AVCodecContext *s, AVFrame *frame, int flags), (s, frame, flags)) \
    F(SB_AVCODEC, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id)) \
    F(SB_AVCODEC, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name)) \
    P(SB_AVCODEC, avcodec_flush_buffers, (AVCodecContext *avctx), (avctx)) \
    P(SB_AVCODEC, avcodec_free_context, (AVCodecContext **avctx), (avctx)) \
    F(SB_AVCODEC, const char *, avcodec_get_name, (enum AVCodecID id), (id)) \
    F(SB_AVCODEC, int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), (avctx, codec, options)) \
    F(SB_AVCODEC, int, avcodec_parameters_copy, (AVCodecParameters *dst, const AVCodecParameters *src), (dst, src)) \
    F(SB_AVCODEC, int, avcodec_parameters_from_context, (AVCodecParameters *par, const AVCodecContext *codec), (par, codec)) \
    F(SB_AVCODEC, int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par)) \
    F(SB_AVCODEC, int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame)) \
    F(SB_AVCODEC, int, avcodec_receive_packet, (AVCodecContext *avctx, AVPacket *avpkt), (avctx, avpkt)) \
    F(SB_AVCODEC, int, avcodec_send_frame, (AVCodecContext *avctx, const AVFrame *frame), (avctx, frame)) \
    F(SB_AVCODEC, int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt)) \
    /* libavformat */ \
    F(SB_AVFORMAT, int, av_find_best_stream, (AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream, const AVCodec **decoder_ret, int flags), (ic, type, wanted_stream_nb, related_stream, decoder_ret, flags)) \
    F(SB_AVFORMAT, const AVInputFormat *, av_find_input_format, (const char *short_name), (short_name)) \
    F(SB_AVFORMAT, int, av_interleaved_write_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    F(SB_AVFORMAT, int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    F(SB_AVFORMAT, int, av_seek_frame, (AVFormatContext *s, int stream_index, int64_t timestamp, int flags), (s, stream_index, timestamp, flags)) \
    F(SB_AVFORMAT, uint8_t *, av_stream_get_side_data, (const AVStream *stream, enum AVPacketSideDataType type, size_t *size), (stream, type, size)) \
    F(SB_AVFORMAT, uint8_t *, av_stream_new_side_data, (AVStream *stream, enum AVPacketSideDataType type, size_t size), (stream, type, size)) \
    F(SB_AVFORMAT, int, av_write_trailer, (AVFormatContext *s), (s)) \
    F(SB_AVFORMAT, AVFormatContext *, avformat_alloc_context, (void), ()) \
    F(SB_AVFORMAT, int, avformat_alloc_output_context2, (AVFormatContext **ctx, const AVOutputFormat *oformat, const char *format_name, const char *filename), (ctx, oformat, format_name, filename)) \
    P(SB_AVFORMAT, avformat_close_input, (AVFormatContext **s), (s)) \
    F(SB_AVFORMAT, int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options)) \
    P(SB_AVFORMAT, avformat_free_context, (AVFormatContext *s), (s)) \
    F(SB_AVFORMAT, AVStream *, avformat_new_stream, (AVFormatContext *s, const AVCodec *c), (s, c)) \
    F(SB_AVFORMAT, int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options), (ps, url, fmt, options)) \
    F(SB_AVFORMAT, int, avformat_write_header, (AVFormatContext *s, AVDictionary **options), (s, options)) \
    F(SB_AVFORMAT, AVIOContext *, avio_alloc_context, (unsigned char *buffer, int buffer_size, int write_flag, void *opaque, int (*read_packet)(void *opaque, uint8_t *buf, int buf_size), int (*write_packet)(void *opaque, SB_AVIO_WRITE_BUFFER buf, int buf_size), int64_t (*seek)(void *opaque, int64_t offset, int whence)), (buffer, buffer_size, write_flag, opaque, read_packet, write_packet, seek)) \
    P(SB_AVFORMAT, avio_context_free, (AVIOContext **s), (s)) \
    P(SB_AVFORMAT, avio_flush, (AVIOContext *s), (s))
