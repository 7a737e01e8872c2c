// Little CMS 2: the colour transforms Shoebox builds itself, to keep them across images
// (ICCTransformCache). libvips links the same library for its own transforms.
#include <lcms2.h>

/* lcms2's pixel-format codes are function-like macros, which Swift does not import. */

/* 8-bit RGB, three samples a pixel, no padding: what libvips's 8-bit sRGB images hold. */
static inline cmsUInt32Number sb_lcms_type_rgb_8(void) {
    return TYPE_RGB_8;
}
