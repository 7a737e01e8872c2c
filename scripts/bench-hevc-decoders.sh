#!/usr/bin/env bash
# libde265 against libavcodec's hevc decoder on the same HEVC pictures, single-threaded CPU
# (issue 14). Extracts the primary picture of each HEIC/HEIF given (a grid's tiles, or the one
# picture; each tile with its hvcC parameter sets, as Annex-B), then decodes every picture
# ROUNDS times in one process with each decoder the way Shoebox calls them (a decoder a
# picture; libde265 fed NAL by NAL), loop filters off (deblocking and SAO) and on, and prints
# each round's CPU seconds (CLOCK_PROCESS_CPUTIME_ID).
#
#   scripts/bench-hevc-decoders.sh ROUNDS FILE...
set -euo pipefail
[[ $# -ge 2 && $1 =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 ROUNDS FILE..." >&2; exit 2; }
rounds=$1; shift
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cat > "$work/decoders.c" <<'C'
#include <libavcodec/avcodec.h>
#include <libde265/de265.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef struct { unsigned char *data; size_t size; } Picture;
static long sink;
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static Picture load(const char *path) {
    FILE *f = fopen(path, "rb"); Picture p;
    fseek(f, 0, SEEK_END); p.size = ftell(f); rewind(f);
    p.data = calloc(p.size + AV_INPUT_BUFFER_PADDING_SIZE, 1);
    if (fread(p.data, 1, p.size, f) != p.size) exit(1);
    fclose(f); return p;
}
static void libde265(Picture p, int filters) {
    de265_decoder_context *c = de265_new_decoder();
    de265_set_parameter_bool(c, DE265_DECODER_PARAM_DISABLE_DEBLOCKING, !filters);
    de265_set_parameter_bool(c, DE265_DECODER_PARAM_DISABLE_SAO, !filters);
    size_t start = 4;
    for (size_t i = 4; i + 4 <= p.size; i++)
        if (!memcmp(p.data + i, "\0\0\0\1", 4)) { de265_push_NAL(c, p.data + start, i - start, 0, NULL); start = i + 4; }
    de265_push_NAL(c, p.data + start, p.size - start, 0, NULL);
    de265_flush_data(c);
    for (int more = 1; more;) {
        de265_decode(c, &more);
        const struct de265_image *image = de265_get_next_picture(c);
        if (image) { int stride; sink += de265_get_image_plane(image, 0, &stride)[0]; break; }
    }
    de265_free_decoder(c);
}
static void libavcodec(Picture p, int filters, AVPacket *packet, AVFrame *frame) {
    const AVCodec *codec = avcodec_find_decoder(AV_CODEC_ID_HEVC);
    AVCodecContext *c = avcodec_alloc_context3(codec);
    c->thread_count = 1;
    if (!filters) c->skip_loop_filter = AVDISCARD_ALL;
    avcodec_open2(c, codec, NULL);
    packet->data = p.data; packet->size = (int) p.size;
    avcodec_send_packet(c, packet); avcodec_send_packet(c, NULL);
    if (avcodec_receive_frame(c, frame) != 0) { fprintf(stderr, "libavcodec gave no picture\n"); exit(1); }
    sink += frame->data[0][0];
    av_frame_unref(frame); avcodec_free_context(&c);
}
int main(int argc, char **argv) {
    de265_init(); av_log_set_level(AV_LOG_QUIET);
    int rounds = atoi(argv[1]), count = argc - 2;
    Picture *pictures = malloc(count * sizeof *pictures);
    for (int i = 0; i < count; i++) pictures[i] = load(argv[i + 2]);
    AVPacket *packet = av_packet_alloc(); AVFrame *frame = av_frame_alloc();
    for (int round = 1; round <= rounds; round++) {
        printf("round %d:", round);
        for (int filters = 0; filters <= 1; filters++) {
            double t = cpu(), de265, av;
            for (int i = 0; i < count; i++) libde265(pictures[i], filters);
            de265 = cpu() - t; t = cpu();
            for (int i = 0; i < count; i++) libavcodec(pictures[i], filters, packet, frame);
            av = cpu() - t;
            printf("  filters %s: libde265 %.2f s, libavcodec %.2f s (%.2f)", filters ? "on" : "off", de265, av, av / de265);
        }
        printf("\n");
    }
    return 0;
}
C
mkdir "$work/pictures"
python3 "$(dirname "${BASH_SOURCE[0]}")/heif-pictures.py" "$work/pictures" "$@"
cc -O2 -o "$work/decoders" "$work/decoders.c" -lde265 -lavcodec -lavutil
echo "$(ls "$work/pictures" | wc -l) pictures from $# files"
"$work/decoders" "$rounds" "$work/pictures"/*.hevc
