// Fixed-arity wrappers over the variadic and macro parts of libvips that Shoebox uses.
// Swift cannot call C variadic functions or function-like macros; everything else is
// called directly from Swift. Each wrapper passes only the options it names.
#include <string.h>
#include <vips/vips.h>
#include <vips/vector.h>

typedef enum {
    SB_FORMAT_JPEG = 1,
    SB_FORMAT_PNG = 2,
    SB_FORMAT_WEBP = 3,
    SB_FORMAT_TIFF = 4,
    SB_FORMAT_HEIF = 5,
    SB_FORMAT_GIF = 6,
    SB_FORMAT_JXL = 7
} SBFormat;

/* The libvips plug-in modules Shoebox loads (modules/vips-NAME.so): the HEIF and JPEG XL
 * loaders. The other modules a libvips may have (ImageMagick, poppler, OpenSlide) hold only
 * untrusted loaders, which sb_vips_start_prepared blocks, and mapping them with their libraries cost
 * more than the rest of libvips's start-up. Each is loaded on its own (sb_vips_load_module),
 * so that a caller that needs neither (metadata of a PNG) never maps libheif or libjxl,
 * whose start-up (libhwy's timer calibration, libde265's tables) costs more than libvips's. */
typedef enum { SB_VIPS_MODULE_HEIF = 0, SB_VIPS_MODULE_JXL = 1 } SBVipsModule;
static const char *const sb_vips_modules[] = {"heif", "jxl"};

/* Blocks one operation class (sb_vips_block_untrusted's walk) when it is untrusted, not
 * blocked yet, and not a JPEG XL loader. */
static inline void *sb_vips_block_if_untrusted(VipsObjectClass *object_class, void *jxl_load) {
    VipsOperationClass *class = (VipsOperationClass *) object_class;   /* the walk is over VipsOperation's classes */
    GType type = G_TYPE_FROM_CLASS(object_class);
    if ((class->flags & VIPS_OPERATION_UNTRUSTED) && !(class->flags & VIPS_OPERATION_BLOCKED)
        && !(jxl_load && g_type_is_a(type, *(GType *) jxl_load)))
        vips_operation_block_set(g_type_name(type), TRUE);
    return NULL;
}

/* The blocking policy: untrusted operations blocked except JPEG XL's loaders (libjxl, the
 * reference decoder, is the only JPEG XL decoder there is; Shoebox runs it only on bytes that
 * start with a JPEG XL signature). Applied again after each module is loaded, since blocking
 * marks only the operations registered so far. It only ever blocks, and never a JPEG XL
 * loader: libvips's own vips_block_untrusted_set(TRUE) blocks those too, and unblocking them
 * after it left a moment in which a JPEG XL another thread opened while a module loaded was
 * refused as blocked. */
static inline void sb_vips_block_untrusted(void) {
    GType jxl_load = g_type_from_name("VipsForeignLoadJxl");
    vips_class_map_all(g_type_from_name("VipsOperation"), sb_vips_block_if_untrusted,
                       jxl_load ? &jxl_load : NULL);
}

/* Loads one of sb_vips_modules from `folder`, the folder holding libvips, where vips_init
 * looks (its vips-modules-MAJOR.MINOR), then blocks what it registered as sb_vips_start_prepared
 * does. A module that is not there (a libvips with that format built in, or without it) is
 * passed over, as vips_init passes over a missing folder; so is a NULL folder (Vips.swift
 * calls this only when sb_vips_start_prepared loaded no modules of its own, with a known folder; the
 * check guards other callers). Not thread-safe: call it once per
 * module, before any loader of the module runs (Vips.swift does). */
static inline void sb_vips_load_module(const char *folder, SBVipsModule module) {
    if (!folder)
        return;
    char *path = g_strdup_printf("%s/vips-modules-%d.%d/vips-%s.so", folder,
                                 VIPS_MAJOR_VERSION, VIPS_MINOR_VERSION, sb_vips_modules[module]);
    if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
        (void) g_module_open(path, G_MODULE_BIND_LAZY);   /* the module registers its loaders and stays */
    g_free(path);
    sb_vips_block_untrusted();
}

/* VIPSHOME as Shoebox sets it for vips_init: a folder that can hold no modules folder. */
static const char *const sb_vips_no_modules_home = "/dev/null";

/* The environment vips_init reads, set before it runs: VIPS_WARNING (per-file problems reach
 * Shoebox as errors; libvips's warnings would only garble its output; set beforehand, it keeps
 * them for debugging) and VIPSHOME. vips_init loads every module under VIPSHOME (it guesses
 * VIPSHOME, then sets it in the environment); unless the user set VIPSHOME, it is set here to
 * one under /dev/null, which can hold no folder, so vips_init loads none and
 * sb_vips_load_module loads sb_vips_modules from beside libvips (`library_folder`, the folder
 * holding libvips; NULL when unknown: then libvips guesses as it would). A VIPSHOME of
 * /dev/null the process inherited (from a Shoebox that left it set) counts as Shoebox's own,
 * not the user's. Writes the environment: call it while no other thread reads it. Returns
 * SB_VIPS_HOME_USERS when the user's VIPSHOME chooses the modules, SB_VIPS_HOME_SET when
 * Shoebox chooses them and set VIPSHOME here (sb_vips_restore_environment removes it),
 * SB_VIPS_HOME_INHERITED when Shoebox chooses them and VIPSHOME was already /dev/null. */
typedef enum { SB_VIPS_HOME_USERS = 0, SB_VIPS_HOME_SET = 1, SB_VIPS_HOME_INHERITED = 2 } SBVipsHome;

static inline SBVipsHome sb_vips_prepare_environment(const char *library_folder) {
    g_setenv("VIPS_WARNING", "0", FALSE);
    const char *home = g_getenv("VIPSHOME");
    if (home && strcmp(home, sb_vips_no_modules_home) == 0)
        return SB_VIPS_HOME_INHERITED;
    if (home || !library_folder)
        return SB_VIPS_HOME_USERS;
    g_setenv("VIPSHOME", sb_vips_no_modules_home, TRUE);
    return SB_VIPS_HOME_SET;
}

/* Removes the VIPSHOME sb_vips_prepare_environment set (`home`, its result), once libvips has
 * started, so that a child process (a `vips` command the caller runs) starts as this one did.
 * Writes the environment: call it while no other thread reads it. */
static inline void sb_vips_restore_environment(SBVipsHome home) {
    if (home == SB_VIPS_HOME_SET)
        g_unsetenv("VIPSHOME");
}

/* Starts libvips once per process, with none of sb_vips_modules yet, in the environment
 * sb_vips_prepare_environment set (writing none itself unless sb_vips_start_writes_environment
 * says it will): untrusted loaders
 * blocked (sb_vips_block_untrusted), no operation cache (every file is seen once), one libvips
 * worker thread per image because Shoebox parallelises across files. `home` is
 * sb_vips_prepare_environment's result. Returns -1 when libvips cannot start, 1 when it
 * started with the modules the user's VIPSHOME holds (load none then), 0 when it started
 * with none. */
static inline int sb_vips_start_prepared(const char *argv0, int concurrency, SBVipsHome home) {
    if (VIPS_INIT(argv0) != 0)
        return -1;
    sb_vips_block_untrusted();
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_concurrency_set(concurrency);
    return home == SB_VIPS_HOME_USERS ? 1 : 0;
}

/* libvips's operations run their plain C loops, never orc's generated code, from now on. */
static inline void sb_vips_turn_orc_off(void) {
    vips_vector_set_enabled(FALSE);
}

/* Whether vips_init, run now, would write the environment itself: with no VIPSHOME (the
 * folder holding libvips unknown) it sets the one it guesses, and with VIPS_INFO (or the
 * deprecated IM_INFO) set it adds its domain to G_MESSAGES_DEBUG. */
static inline int sb_vips_start_writes_environment(void) {
    return g_getenv("VIPSHOME") == NULL || g_getenv("VIPS_INFO") != NULL || g_getenv("IM_INFO") != NULL;
}

/* Makes every metadata blob of `image` (ICC profile, EXIF, XMP, IPTC, ...) a copy the image
 * owns. libvips 8.14's HEIF loader attaches its ICC profile without a copy, in memory that
 * another image of the load owns (VIPS_ARRAY, freed when that image closes); every image made
 * from the output shares the pointer, so a thumbnail saved after the load's images were dropped
 * read freed memory (a heap-use-after-free in jpegsave's profile check). Called on every
 * loader's output before its call returns, while what the loader made is still alive: from
 * then on the blobs live exactly as long as the images that hold them. A blob too large to copy
 * (libvips copies up to 100 MB) is removed rather than left borrowed. */
static inline void sb_vips_own_blobs(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    for (gchar **name = fields; name && *name; name++) {
        if (vips_image_get_typeof(image, *name) != VIPS_TYPE_BLOB)
            continue;
        const void *data = NULL;
        size_t length = 0;
        if (vips_image_get_blob(image, *name, &data, &length) != 0 || !data || length == 0
            || length > 100 * 1024 * 1024) {
            vips_image_remove(image, *name);
            continue;
        }
        vips_image_set_blob_copy(image, *name, data, length);
    }
    g_strfreev(fields);
}

/* Opens the header only (pixels stay undecoded) with the loader for a sniffed format. */
static inline int sb_vips_load_header(void *buf, size_t len, SBFormat format, VipsImage **out) {
    VipsSource *source = vips_source_new_from_memory(buf, len);
    if (!source)
        return -1;
    int rc = -1;
    switch (format) {
    case SB_FORMAT_JPEG: rc = vips_jpegload_source(source, out, "access", VIPS_ACCESS_SEQUENTIAL, NULL); break;
    case SB_FORMAT_PNG:  rc = vips_pngload_source(source, out, "access", VIPS_ACCESS_SEQUENTIAL, NULL); break;
    case SB_FORMAT_WEBP: rc = vips_webpload_source(source, out, "access", VIPS_ACCESS_SEQUENTIAL, NULL); break;
    case SB_FORMAT_TIFF: rc = vips_tiffload_source(source, out, "access", VIPS_ACCESS_SEQUENTIAL, NULL); break;
    case SB_FORMAT_HEIF: rc = vips_heifload_source(source, out, "access", VIPS_ACCESS_SEQUENTIAL, NULL); break;
    case SB_FORMAT_GIF:  rc = vips_gifload_source(source, out, "access", VIPS_ACCESS_SEQUENTIAL, NULL); break;
    case SB_FORMAT_JXL:  rc = vips_jxlload_source(source, out, NULL); break;
    default: vips_error("shoebox", "no loader for format %d", (int) format);
    }
    g_object_unref(source);
    if (rc == 0)
        sb_vips_own_blobs(*out);
    return rc;
}

/* Shrink-on-load decode to fit inside width x height (never upscaling), in the stored
 * orientation. With export_srgb the embedded ICC profile is used to convert to sRGB. */
static inline int sb_vips_thumbnail_memory(void *buf, size_t len, VipsImage **out,
                                           int width, int height, gboolean export_srgb,
                                           VipsFailOn fail_on) {
    /* Through a memory source, not the buffer loaders: only the source readers report a
     * truncated file as an error that fail_on can act on. */
    VipsSource *source = vips_source_new_from_memory(buf, len);
    if (!source)
        return -1;
    int rc;
    if (export_srgb)
        rc = vips_thumbnail_source(source, out, width, "height", height,
                                   "size", VIPS_SIZE_DOWN, "no_rotate", TRUE,
                                   "export_profile", "srgb", "fail_on", fail_on, NULL);
    else
        rc = vips_thumbnail_source(source, out, width, "height", height,
                                   "size", VIPS_SIZE_DOWN, "no_rotate", TRUE,
                                   "fail_on", fail_on, NULL);
    g_object_unref(source);
    if (rc == 0)
        sb_vips_own_blobs(*out);
    return rc;
}

/* Shrink-on-load decode like sb_vips_thumbnail_memory, but through the HEIF loader by name,
 * not libvips's sniffing: libheif's brand check refuses an AVIF image sequence (`avis`)
 * whose still image it reads well. */
static inline int sb_vips_thumbnail_heif_memory(void *buf, size_t len, VipsImage **out,
                                                int width, int height, gboolean export_srgb,
                                                VipsFailOn fail_on) {
    VipsSource *source = vips_source_new_from_memory(buf, len);
    if (!source)
        return -1;
    VipsImage *loaded = NULL;
    int rc = vips_heifload_source(source, &loaded, "fail_on", fail_on, NULL);
    g_object_unref(source);
    if (rc != 0)
        return -1;
    if (export_srgb)
        rc = vips_thumbnail_image(loaded, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                  "no_rotate", TRUE, "export_profile", "srgb", NULL);
    else
        rc = vips_thumbnail_image(loaded, out, width, "height", height, "size", VIPS_SIZE_DOWN,
                                  "no_rotate", TRUE, NULL);
    if (rc == 0)
        sb_vips_own_blobs(*out);
    g_object_unref(loaded);
    return rc;
}

/* Resizes an already decoded image to exactly width x height. */
static inline int sb_vips_resize_exact(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height,
                                "size", VIPS_SIZE_FORCE, "no_rotate", TRUE, NULL);
}

static inline int sb_vips_rot(VipsImage *in, VipsImage **out, VipsAngle angle) {
    return vips_rot(in, out, angle, NULL);
}

static inline int sb_vips_flip(VipsImage *in, VipsImage **out, VipsDirection direction) {
    return vips_flip(in, out, direction, NULL);
}

/* 8-bit sRGB, alpha flattened onto white: what every thumbnail encoder expects. */
static inline int sb_vips_to_srgb8(VipsImage *in, VipsImage **out) {
    VipsImage *rgb = NULL, *flat = NULL;
    if (vips_colourspace(in, &rgb, VIPS_INTERPRETATION_sRGB, NULL) != 0)
        return -1;
    if (vips_image_hasalpha(rgb)) {
        double white[3] = { 255.0, 255.0, 255.0 };
        VipsArrayDouble *background = vips_array_double_new(white, 3);
        int rc = vips_flatten(rgb, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        g_object_unref(rgb);
        if (rc != 0)
            return -1;
        rgb = flat;
    }
    int rc = vips_cast(rgb, out, VIPS_FORMAT_UCHAR, NULL);
    g_object_unref(rgb);
    return rc;
}

static inline int sb_vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, int quality) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE,
                                "optimize_coding", TRUE, NULL);
}

static inline int sb_vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len, int quality) {
    return vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, NULL);
}

static inline int sb_vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len) {
    return vips_pngsave_buffer(in, buf, len, "strip", TRUE, NULL);
}

/* Mean of |a - b| over every pixel and band: how tests compare two renderings. */
static inline int sb_vips_mean_abs_difference(VipsImage *a, VipsImage *b, double *out) {
    VipsImage *diff = NULL, *absolute = NULL;
    if (vips_subtract(a, b, &diff, NULL) != 0)
        return -1;
    int rc = vips_abs(diff, &absolute, NULL);
    g_object_unref(diff);
    if (rc != 0)
        return -1;
    rc = vips_avg(absolute, out, NULL);
    g_object_unref(absolute);
    return rc;
}

/* The loader libvips used ("jpegload_buffer"...), or NULL. */
static inline const char *sb_vips_loader(VipsImage *image) {
    const char *name = NULL;
    if (vips_image_get_typeof(image, "vips-loader") == 0)
        return NULL;
    if (vips_image_get_string(image, "vips-loader", &name) != 0)
        return NULL;
    return name;
}

/* Marks an image as read in order, as libvips's sequential loaders mark theirs
 * (VIPS_META_SEQUENTIAL): vips_shrinkv then puts a line cache in front of what it shrinks. */
static inline void sb_vips_mark_sequential(VipsImage *image) {
    vips_image_set_int(image, VIPS_META_SEQUENTIAL, 1);
}

/* A lazy copy of `in` (no pixel is copied) marked as read in order, for an image whose
 * metadata must not change under its other users. */
static inline int sb_vips_copy_sequential(VipsImage *in, VipsImage **out) {
    if (vips_copy(in, out, NULL) != 0)
        return -1;
    sb_vips_mark_sequential(*out);
    return 0;
}

static inline void sb_vips_set_loader(VipsImage *image, const char *name) {
    vips_image_set_string(image, VIPS_META_LOADER, name);
}

static inline gboolean sb_vips_has_field(VipsImage *image, const char *name) {
    return vips_image_get_typeof(image, name) != 0;
}

/* An image over a copy of packed 8-bit RGB pixels (a decoded video frame). */
static inline VipsImage *sb_vips_image_from_rgb(const void *pixels, size_t size, int width, int height) {
    return vips_image_new_from_memory_copy(pixels, size, width, height, 3, VIPS_FORMAT_UCHAR);
}

/* A new 8-bit image of width x height pixels of `bands` (1: B_W, 3: sRGB) whose packed rows
 * are allocated now, for a decoder outside libvips to write into (sb_vips_image_pixels), with
 * the resolution of the file's header. NULL when the memory cannot be had. */
static inline VipsImage *sb_vips_image_new_pixels(int width, int height, int bands, double xres, double yres) {
    VipsImage *image = vips_image_new_memory();
    vips_image_init_fields(image, width, height, bands, VIPS_FORMAT_UCHAR, VIPS_CODING_NONE,
                           bands == 1 ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB, xres, yres);
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, NULL) || vips_image_write_prepare(image)) {
        g_object_unref(image);
        return NULL;
    }
    return image;
}

/* The packed pixels of an image libvips holds in memory (a decoder's output, a computed
 * image); NULL for any other (a lazy pipeline, a file), whose pixels must be computed first. */
static inline const unsigned char *sb_vips_memory_pixels(VipsImage *image) {
    if (image->dtype != VIPS_IMAGE_SETBUF && image->dtype != VIPS_IMAGE_SETBUF_FOREIGN)
        return NULL;
    return (const unsigned char *) image->data;
}

/* Rows top ..< top + height of the region's image computed into the region, on the calling
 * thread (its pipeline's strips, no libvips worker): 0, or -1 with libvips's error set. */
static inline int sb_vips_region_prepare_rows(VipsRegion *region, int top, int height) {
    VipsRect rows = { 0, top, region->im->Xsize, height };
    return vips_region_prepare(region, &rows);
}

/* Row y of a region prepared over it (sb_vips_region_prepare_rows). */
static inline const unsigned char *sb_vips_region_row(VipsRegion *region, int y) {
    return VIPS_REGION_ADDR(region, 0, y);
}

/* A new 8-bit sRGB memory image of width x height pixels with `in`'s metadata (its profile,
 * resolution, EXIF), whose packed rows are allocated now for Swift to write into
 * (sb_vips_image_pixels): what a resize of `in` computed into memory would be. */
static inline VipsImage *sb_vips_image_new_resized_like(VipsImage *in, int width, int height) {
    VipsImage *image = vips_image_new_memory();
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL)) {
        g_object_unref(image);
        return NULL;
    }
    image->Xsize = width;
    image->Ysize = height;
    image->Bands = 3;
    image->BandFmt = VIPS_FORMAT_UCHAR;
    image->Coding = VIPS_CODING_NONE;
    image->Type = VIPS_INTERPRETATION_sRGB;
    if (vips_image_write_prepare(image)) {
        g_object_unref(image);
        return NULL;
    }
    return image;
}

static inline int sb_vips_extract_area(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

static inline unsigned char *sb_vips_image_pixels(VipsImage *image) {
    return VIPS_IMAGE_ADDR(image, 0, 0);
}

/* Safe on threads libvips did not start (the decode workers), several at once: libvips 8.14
 * gives such a thread no buffer cache (each region allocates and frees its own pixel buffers),
 * and the heap corruption first blamed on this function was orc's code memory, on main's path
 * too (COrcLock; docs/BENCHMARKS.md, "the heap corruption is orc's").
 *
 * `in` computed into a new memory image on the calling thread, in strips of full rows as high
 * as libvips's own sinks hand to their workers (vips_get_tile_size: 16 rows for a fit's
 * pipeline), top to bottom, with no libvips worker thread. vips_image_copy_memory runs a thread
 * pool even for a 256 px thumbnail: a worker taken and fed while the caller sleeps, on another
 * core than the one that decoded the picture (docs/BENCHMARKS.md, "branch idle"; fewer wake-ups
 * alone saved nothing, "fewer strips"). libvips computes every pixel the same way whatever the
 * region asked for, so the pixels are the pool's. Always full rows, never the small tiles
 * vips_get_tile_size gives a SMALLTILE pipeline: libvips 8.14's arrayjoin, when its output is
 * marked sequential, releases an input's regions while a tile that lies inside that input still
 * points at its pixels, and the copy out of that tile reads freed memory (a contact sheet's
 * grid crashed so; valgrind showed the read; in full rows it is valgrind-clean and
 * byte-identical to the pool's output). NULL on failure (the libvips error buffer says why). */
static inline VipsImage *sb_vips_compute_here(VipsImage *in) {
    VipsImage *out = vips_image_new_memory();
    if (vips_image_pipelinev(out, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL) || vips_image_write_prepare(out)) {
        g_object_unref(out);
        return NULL;
    }
    VipsRegion *from = vips_region_new(in);
    VipsRegion *to = vips_region_new(out);
    int tile_width, tile_height, n_lines;
    vips_get_tile_size(in, &tile_width, &tile_height, &n_lines);
    int rc = from && to ? 0 : -1;
    for (int top = 0; rc == 0 && top < in->Ysize; top += tile_height) {
        VipsRect strip = { 0, top, in->Xsize, VIPS_MIN(tile_height, in->Ysize - top) };
        rc = vips_region_image(to, &strip) || vips_region_prepare_to(from, to, &strip, 0, top) ? -1 : 0;
    }
    if (from)
        g_object_unref(from);
    if (to)
        g_object_unref(to);
    if (rc != 0) {
        g_object_unref(out);
        return NULL;
    }
    return out;
}

/* Every frame of an animated image (a GIF), each shrunk to fit width x height, stacked as one
 * tall image with "page-height" set: what the WebP saver writes as an animation. */
static inline int sb_vips_thumbnail_all_frames(void *buf, size_t len, VipsImage **out, int width, int height) {
    VipsSource *source = vips_source_new_from_memory(buf, len);
    if (!source)
        return -1;
    int rc = vips_thumbnail_source(source, out, width, "height", height, "size", VIPS_SIZE_FORCE,
                                   "option_string", "n=-1", NULL);
    g_object_unref(source);
    if (rc == 0)
        sb_vips_own_blobs(*out);
    return rc;
}

/* Album covers (issue 4): a square crop of side x side around the most interesting part of
 * the image by libvips's attention strategy (edges, skin tones, saturated colour), so a
 * subject away from the centre stays in frame. */
static inline int sb_vips_smartcrop_attention(VipsImage *in, VipsImage **out, int side) {
    return vips_smartcrop(in, out, side, side, "interesting", VIPS_INTERESTING_ATTENTION, NULL);
}

/* Album covers: up to four tile x tile images joined two across into a 2x2 mosaic of
 * 2 tile x 2 tile; cells without an image are mid-grey. */
static inline int sb_vips_mosaic_2x2(VipsImage **tiles, int n, int tile, VipsImage **out) {
    double grey[3] = { 128.0, 128.0, 128.0 };
    VipsArrayDouble *background = vips_array_double_new(grey, 3);
    VipsImage *joined = NULL;
    int rc = vips_arrayjoin(tiles, &joined, n, "across", 2, "background", background, NULL);
    if (rc == 0) {
        rc = vips_embed(joined, out, 0, 0, 2 * tile, 2 * tile,
                        "extend", VIPS_EXTEND_BACKGROUND, "background", background, NULL);
        g_object_unref(joined);
    }
    vips_area_unref(VIPS_AREA(background));
    return rc;
}

/* Contact sheets: `text` (Pango markup) in `font`, at most text_width x text_height, as black
 * ink on a white strip strip_width x strip_height, its left edge at `x` (-1: centred) and its
 * top at `y` (-1: centred). What a cell's caption and a page's heading are made of. */
static inline int sb_vips_text_strip(const char *text, const char *font, VipsAlign align, int text_width, int text_height,
                                     int strip_width, int strip_height, int x, int y, VipsImage **out) {
    double white[3] = { 255.0, 255.0, 255.0 };
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    VipsImage *mask = NULL, *ink = NULL, *ink3 = NULL;
    int rc = vips_text(&mask, text, "width", text_width, "height", text_height, "dpi", 96,
                       "font", font, "align", align, "wrap", VIPS_TEXT_WRAP_NONE, NULL);
    if (rc == 0)
        rc = vips_invert(mask, &ink, NULL);
    if (rc == 0) {   /* three equal bands from one: grey ink on white */
        VipsImage *bands[3] = { ink, ink, ink };
        rc = vips_bandjoin(bands, &ink3, 3, NULL);
    }
    if (rc == 0) {
        int left = x >= 0 ? x : (strip_width - vips_image_get_width(ink3)) / 2;
        int top = y >= 0 ? y : (strip_height - vips_image_get_height(ink3)) / 2;
        rc = vips_embed(ink3, out, left < 0 ? 0 : left, top < 0 ? 0 : top, strip_width, strip_height,
                        "extend", VIPS_EXTEND_BACKGROUND, "background", background, NULL);
    }
    if (mask) g_object_unref(mask);
    if (ink) g_object_unref(ink);
    if (ink3) g_object_unref(ink3);
    vips_area_unref(VIPS_AREA(background));
    return rc;
}

/* Contact sheets: one cell, an 8-bit sRGB image centred in a cell x cell white square above a
 * caption_height white strip holding `caption` (Pango markup off: the text is escaped by
 * the caller), in black, centred, ellipsised to the cell's width. */
static inline int sb_vips_sheet_cell(VipsImage *image, const char *caption, int cell, int caption_height,
                                     VipsImage **out) {
    double white[3] = { 255.0, 255.0, 255.0 };
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    VipsImage *framed = NULL, *strip = NULL;
    int left = (cell - vips_image_get_width(image)) / 2, top = (cell - vips_image_get_height(image)) / 2;
    int rc = vips_embed(image, &framed, left < 0 ? 0 : left, top < 0 ? 0 : top, cell, cell,
                        "extend", VIPS_EXTEND_BACKGROUND, "background", background, NULL);
    if (rc == 0)
        rc = sb_vips_text_strip(caption, "sans 9", VIPS_ALIGN_CENTRE, cell - 8, caption_height - 4, cell, caption_height,
                                -1, 2, &strip);
    if (rc == 0)
        rc = vips_join(framed, strip, out, VIPS_DIRECTION_VERTICAL, NULL);
    if (framed) g_object_unref(framed);
    if (strip) g_object_unref(strip);
    vips_area_unref(VIPS_AREA(background));
    return rc;
}

/* Contact sheets: `text` (Pango markup) in bold on a white strip `height` pixels high and as
 * wide as `sheet`, `inset` pixels from its left edge, above the sheet. */
static inline int sb_vips_sheet_heading(VipsImage *sheet, const char *text, int height, int inset, VipsImage **out) {
    VipsImage *strip = NULL;
    int width = vips_image_get_width(sheet);
    int rc = sb_vips_text_strip(text, "sans bold 12", VIPS_ALIGN_LOW, width - 2 * inset, height - 8, width, height,
                                inset, -1, &strip);
    if (rc == 0)
        rc = vips_join(strip, sheet, out, VIPS_DIRECTION_VERTICAL, NULL);
    if (strip) g_object_unref(strip);
    return rc;
}

/* Contact sheets: n cells in rows of `across`, `gap` pixels apart and around, on white. */
static inline int sb_vips_sheet_grid(VipsImage **cells, int n, int across, int gap, VipsImage **out) {
    double white[3] = { 255.0, 255.0, 255.0 };
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    VipsImage *joined = NULL;
    int rc = vips_arrayjoin(cells, &joined, n, "across", across, "shim", gap, "background", background, NULL);
    if (rc == 0) {
        rc = vips_embed(joined, out, gap, gap, vips_image_get_width(joined) + 2 * gap,
                        vips_image_get_height(joined) + 2 * gap,
                        "extend", VIPS_EXTEND_BACKGROUND, "background", background, NULL);
        g_object_unref(joined);
    }
    vips_area_unref(VIPS_AREA(background));
    return rc;
}

/* A JPEG decoded at 1/shrink of its size (1, 2, 4 or 8) by libjpeg's DCT scaling, the
 * cheapest way to a small image: the same shortcut `djpeg -scale 1/8` takes. */
static inline int sb_vips_jpeg_shrink_load(void *buf, size_t len, int shrink, VipsImage **out) {
    VipsSource *source = vips_source_new_from_memory(buf, len);
    if (!source)
        return -1;
    int rc = vips_jpegload_source(source, out, "shrink", shrink, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    g_object_unref(source);
    if (rc == 0)
        sb_vips_own_blobs(*out);
    return rc;
}

/* Pixels converted from the embedded ICC profile to sRGB. */
static inline int sb_vips_icc_to_srgb(VipsImage *in, VipsImage **out) {
    return vips_icc_transform(in, out, "srgb", "embedded", TRUE, NULL);
}

/* libvips's own profile called `name` ("srgb": the one sb_vips_icc_to_srgb converts to and
 * attaches to its output), as a blob the caller unrefs. */
static inline int sb_vips_profile_load(const char *name, VipsBlob **out) {
    return vips_profile_load(name, out, NULL);
}

/* A point operation whose work is a function of the caller's, one line at a time: `line`
 * turns `width` pixels of the input, at `in`, into as many output pixels at `out` (the same
 * bands and format: the output's header is the input's). `state` is handed to `line` and,
 * once the output image is closed (or at once when it cannot be made), to `release`: it
 * lives as long as a region of the output can still be computed. The output holds a
 * reference to the input. */
typedef void (*SBLineFunction)(void *state, const VipsPel *in, VipsPel *out, int width);
typedef void (*SBReleaseFunction)(void *state);
typedef struct { SBLineFunction line; SBReleaseFunction release; void *state; VipsImage *in; } SBLineMap;

/* ThreadSanitizer's annotations (weak: no-ops in any other build). libvips hands a line map to
 * its worker threads through GLib's locks, which ThreadSanitizer does not see (GLib is not
 * built with it): the map and its state, made before the hand-off, looked raced by every
 * worker that read them. Released once made, acquired by each worker before it reads. */
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

static inline int sb_vips_line_map_generate(VipsRegion *out, void *seq, void *a, void *b, gboolean *stop) {
    VipsRegion *in = (VipsRegion *) seq;
    SBLineMap *map = (SBLineMap *) b;
    VipsRect *r = &out->valid;
    (void) a; (void) stop;
    if (__tsan_acquire) __tsan_acquire(map);
    if (vips_region_prepare(in, r))
        return -1;
    for (int y = r->top; y < r->top + r->height; y++)
        map->line(map->state, VIPS_REGION_ADDR(in, r->left, y), VIPS_REGION_ADDR(out, r->left, y), r->width);
    return 0;
}

static inline void sb_vips_line_map_close(VipsImage *image, void *data) {
    SBLineMap *map = (SBLineMap *) data;
    (void) image;
    map->release(map->state);
    g_object_unref(map->in);
    g_free(map);
}

static inline int sb_vips_map_lines(VipsImage *in, VipsImage **out, SBLineFunction line, SBReleaseFunction release,
                                    void *state) {
    VipsImage *result = vips_image_new();
    VipsImage *inputs[] = { in, NULL };
    SBLineMap *map = g_new(SBLineMap, 1);
    map->line = line;
    map->release = release;
    map->state = state;
    map->in = in;
    g_object_ref(in);
    if (__tsan_release) __tsan_release(map);
    g_signal_connect(result, "close", G_CALLBACK(sb_vips_line_map_close), map);
    if (vips_image_pipeline_array(result, VIPS_DEMAND_STYLE_THINSTRIP, inputs) ||
        vips_image_generate(result, vips_start_one, sb_vips_line_map_generate, vips_stop_one, in, map)) {
        g_object_unref(result);   /* closing it releases the state and the input */
        return -1;
    }
    *out = result;
    return 0;
}
