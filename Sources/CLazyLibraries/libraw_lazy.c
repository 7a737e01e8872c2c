/* LibRaw's thread-safe build, opened by the first RAW file read (with libgomp, which it needs). */
#include <libraw/libraw_version.h>
#define SB_LAZY_NAME libraw
#define SB_LAZY_FUNCTIONS "libraw_functions.def"
#define SB_LAZY_SONAME_FORMAT "libraw_r.so.%d"
#define SB_LAZY_SONAME_VERSION (LIBRAW_SHLIB_CURRENT - LIBRAW_SHLIB_AGE)
#define SB_LAZY_OPEN_FLAGS (RTLD_NOW | RTLD_LOCAL)
#include "lazy_library_define.h"
