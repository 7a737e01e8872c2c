/* libraw's trampolines, one for each function of libraw_functions.def. */
#define SB_LAZY_NAME libraw
#define SB_LAZY_FUNCTIONS "libraw_functions.def"
#include "lazy_trampolines_define.inc"
