/* libpq's trampolines, one for each function of libpq_functions.def. */
#define SB_LAZY_NAME libpq
#define SB_LAZY_FUNCTIONS "libpq_functions.def"
#include "lazy_trampolines_define.inc"
