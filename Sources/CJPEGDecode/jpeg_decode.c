#include "jpeg_decode.h"

#include <setjmp.h>
#include <stdio.h>    /* jpeglib.h uses FILE */
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* Rows asked of libjpeg a call: a whole iMCU row of the largest sampling (2 x 8). */
#define SB_JPEG_ROWS_A_CALL 16

struct sb_jpeg_decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    jmp_buf escape;
    int warned;                       /* libjpeg emitted a warning: the decode does not count */
    size_t length;                    /* the bytes given to sb_jpeg_open */
    size_t end_of_image;              /* after a whole decode: just past the EOI marker; else 0 */
};

static void sb_jpeg_error_exit(j_common_ptr common) {
    sb_jpeg_decoder *decoder = (sb_jpeg_decoder *) common->client_data;
    longjmp(decoder->escape, 1);
}

/* Level -1 is a warning (corrupt data and the like); trace levels are ignored. */
static void sb_jpeg_emit_message(j_common_ptr common, int level) {
    sb_jpeg_decoder *decoder = (sb_jpeg_decoder *) common->client_data;
    if (level < 0)
        decoder->warned = 1;
}

/* The route takes 8-bit files whose colours libjpeg converts itself: grey, YCbCr, RGB. */
static int sb_jpeg_takes(const struct jpeg_decompress_struct *info) {
    if (info->data_precision != 8)
        return 0;
    switch (info->jpeg_color_space) {
    case JCS_GRAYSCALE: return info->num_components == 1;
    case JCS_YCbCr:
    case JCS_RGB: return info->num_components == 3;
    default: return 0;
    }
}

sb_jpeg_decoder *sb_jpeg_open(const void *data, size_t length, int shrink, sb_jpeg_output *output) {
    if (!data || length == 0 || !output || (shrink != 1 && shrink != 2 && shrink != 4 && shrink != 8))
        return NULL;
    sb_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder)
        return NULL;
    decoder->info.err = jpeg_std_error(&decoder->errors);
    decoder->errors.error_exit = sb_jpeg_error_exit;
    decoder->errors.emit_message = sb_jpeg_emit_message;
    decoder->info.client_data = decoder;   /* kept by jpeg_create_decompress, like err */
    if (setjmp(decoder->escape)) {
        sb_jpeg_close(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    decoder->length = length;
    jpeg_mem_src(&decoder->info, (const unsigned char *) data, (unsigned long) length);
    jpeg_read_header(&decoder->info, TRUE);
    if (decoder->warned || !sb_jpeg_takes(&decoder->info)) {
        sb_jpeg_close(decoder);
        return NULL;
    }
    decoder->info.out_color_space = decoder->info.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    decoder->info.scale_num = 1;
    decoder->info.scale_denom = (unsigned int) shrink;
    jpeg_calc_output_dimensions(&decoder->info);
    output->width = (int) decoder->info.output_width;
    output->height = (int) decoder->info.output_height;
    output->bands = decoder->info.output_components;
    return decoder;
}

int sb_jpeg_read(sb_jpeg_decoder *decoder, unsigned char *pixels, size_t stride, size_t capacity) {
    struct jpeg_decompress_struct *info = &decoder->info;
    if (setjmp(decoder->escape))
        return -1;
    jpeg_start_decompress(info);
    size_t row_bytes = (size_t) info->output_width * (size_t) info->output_components;
    if (stride < row_bytes || capacity / stride < info->output_height) {
        jpeg_abort_decompress(info);
        return -1;
    }
    JSAMPROW rows[SB_JPEG_ROWS_A_CALL];
    while (info->output_scanline < info->output_height && !decoder->warned) {
        JDIMENSION count = info->output_height - info->output_scanline;
        if (count > SB_JPEG_ROWS_A_CALL)
            count = SB_JPEG_ROWS_A_CALL;
        for (JDIMENSION i = 0; i < count; i++)
            rows[i] = pixels + (size_t) (info->output_scanline + i) * stride;
        jpeg_read_scanlines(info, rows, count);
    }
    if (decoder->warned)
        return -1;
    /* Reads the markers up to and including EOI, and no byte past it: what is left in the
     * memory source is what follows the picture. */
    jpeg_finish_decompress(info);
    if (decoder->warned)
        return -1;
    decoder->end_of_image = decoder->length - info->src->bytes_in_buffer;
    return 0;
}

size_t sb_jpeg_end_of_image(const sb_jpeg_decoder *decoder) {
    return decoder ? decoder->end_of_image : 0;
}

void sb_jpeg_close(sb_jpeg_decoder *decoder) {
    if (!decoder)
        return;
    jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}
