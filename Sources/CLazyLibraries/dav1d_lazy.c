/* dav1d, opened by the first AV1 picture (an AVIF) decoded. */
#include <dav1d/version.h>
#define SB_LAZY_NAME dav1d
#define SB_LAZY_FUNCTIONS "dav1d_functions.def"
#define SB_LAZY_SONAME_FORMAT "libdav1d.so.%d"
#define SB_LAZY_SONAME_VERSION DAV1D_API_VERSION_MAJOR
#define SB_LAZY_OPEN_FLAGS (RTLD_NOW | RTLD_LOCAL)
#include "lazy_library_define.h"
