/* libpq, opened by the first PostgreSQL connection. Its SONAME has been libpq.so.5 since
 * PostgreSQL 8.0, and its headers name no version of it. */
#define SB_LAZY_NAME libpq
#define SB_LAZY_FUNCTIONS "libpq_functions.def"
#define SB_LAZY_SONAME_FORMAT "libpq.so.%d"
#define SB_LAZY_SONAME_VERSION 5
#define SB_LAZY_OPEN_FLAGS (RTLD_NOW | RTLD_LOCAL)
#include "lazy_library_define.h"
