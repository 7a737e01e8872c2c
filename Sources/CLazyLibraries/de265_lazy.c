/* libde265, opened by the first HEVC picture decoded without FFmpeg. Its SONAME has been
 * libde265.so.0 through 1.0, and its headers name no version of it. */
#define SB_LAZY_NAME de265
#define SB_LAZY_FUNCTIONS "de265_functions.def"
#define SB_LAZY_SONAME_FORMAT "libde265.so.%d"
#define SB_LAZY_SONAME_VERSION 0
#define SB_LAZY_OPEN_FLAGS (RTLD_NOW | RTLD_LOCAL)
#include "lazy_library_define.h"
