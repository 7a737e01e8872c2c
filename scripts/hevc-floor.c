/* The HEVC decode floor (bench.sh's hevc-floor): decodes the Annex-B pictures listed in LIST
 * (one path a line, as heif-pictures.py names them: FFF-TTT.hevc, a file's tiles in a row) with
 * libavcodec, the way Shoebox's HEIC route decodes them and nothing more: one decoder a file for
 * all its tiles, one thread, deblocking and SAO off; no conversion, no resize, no output.
 *
 *   cc -O2 -o hevc-floor hevc-floor.c $(pkg-config --cflags --libs libavcodec libavutil)
 *   hevc-floor LIST
 *
 * Exits 1 when a picture does not decode. */
#include <libavcodec/avcodec.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, const char *path) {
    fprintf(stderr, "hevc-floor: %s: %s\n", path, what);
    return 0;
}

/* Sends one picture's bytes; 0 when it cannot be read or sent. */
static int send_picture(AVCodecContext *decoder, AVPacket *packet, const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return fail("cannot open", path);
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    if (size <= 0 || av_new_packet(packet, (int) size) < 0) { fclose(file); return fail("cannot hold", path); }
    size_t read = fread(packet->data, 1, (size_t) size, file);
    fclose(file);
    int sent = read == (size_t) size && avcodec_send_packet(decoder, packet) == 0;
    av_packet_unref(packet);
    return sent ? 1 : fail("not accepted", path);
}

/* Decodes the tiles paths[0..<count] with one decoder; 0 unless every tile gave a picture. */
static int decode_file(char **paths, int count, AVPacket *packet, AVFrame *frame) {
    const AVCodec *codec = avcodec_find_decoder(AV_CODEC_ID_HEVC);
    AVCodecContext *decoder = avcodec_alloc_context3(codec);
    decoder->thread_count = 1;
    decoder->skip_loop_filter = AVDISCARD_ALL;
    int pictures = 0, ok = avcodec_open2(decoder, codec, NULL) == 0;
    for (int i = 0; ok && i < count; i++) {
        ok = send_picture(decoder, packet, paths[i]);
        while (ok && avcodec_receive_frame(decoder, frame) == 0) { pictures++; av_frame_unref(frame); }
    }
    if (ok) avcodec_send_packet(decoder, NULL);
    while (ok && avcodec_receive_frame(decoder, frame) == 0) { pictures++; av_frame_unref(frame); }
    avcodec_free_context(&decoder);
    return ok && pictures == count ? 1 : fail("not every tile decoded", paths[0]);
}

/* The file a path's picture belongs to: its name up to the last '-'. */
static size_t file_part(const char *path) {
    const char *dash = strrchr(path, '-');
    return dash ? (size_t) (dash - path) : strlen(path);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: hevc-floor LIST\n"); return 2; }
    FILE *list = fopen(argv[1], "r");
    if (!list) {
        fail("cannot open", argv[1]);
        return 2;
    }
    char **paths = NULL, line[4096];
    int count = 0;
    while (fgets(line, sizeof line, list)) {
        line[strcspn(line, "\n")] = 0;
        if (!*line) continue;
        paths = realloc(paths, (size_t) (count + 1) * sizeof *paths);
        paths[count++] = strdup(line);
    }
    fclose(list);
    av_log_set_level(AV_LOG_ERROR);
    AVPacket *packet = av_packet_alloc();
    AVFrame *frame = av_frame_alloc();
    for (int first = 0, end; first < count; first = end) {
        for (end = first + 1; end < count && file_part(paths[end]) == file_part(paths[first]) &&
                              !strncmp(paths[end], paths[first], file_part(paths[first])); end++) {}
        if (!decode_file(paths + first, end - first, packet, frame)) return 1;
    }
    return 0;
}
