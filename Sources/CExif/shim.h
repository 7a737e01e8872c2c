#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

/* Parses an EXIF block ("Exif\0\0" + TIFF, or a whole JPEG) exactly as stored: the
 * options that add "mandatory" tags or drop unknown ones are switched off, so what
 * Shoebox reports is what the camera wrote. NULL when nothing parses. */
static inline ExifData *sb_exif_parse(const unsigned char *bytes, unsigned int size) {
    ExifData *data = exif_data_new();
    if (!data)
        return NULL;
    exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS);
    exif_data_load_data(data, bytes, size);
    return data;
}

/* The entry for `tag` in one IFD (the ifd array does not import into Swift). */
static inline ExifEntry *sb_exif_entry(ExifData *data, ExifIfd ifd, int tag) {
    if (!data || ifd < 0 || ifd >= EXIF_IFD_COUNT || !data->ifd[ifd])
        return NULL;
    return exif_content_get_entry(data->ifd[ifd], (ExifTag) tag);
}
