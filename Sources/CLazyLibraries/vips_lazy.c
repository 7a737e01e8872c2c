/* libvips, opened by the first image decoded or encoded. RTLD_GLOBAL, as if linked: libvips's
 * modules and the orc lock (COrcLock) bind to it as before. */
#include <vips/version.h>
#define SB_LAZY_NAME vips
#define SB_LAZY_FUNCTIONS "vips_functions.def"
#define SB_LAZY_SONAME_FORMAT "libvips.so.%d"
#define SB_LAZY_SONAME_VERSION (VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE)
#define SB_LAZY_OPEN_FLAGS (RTLD_NOW | RTLD_GLOBAL)
#include "lazy_library_define.h"
