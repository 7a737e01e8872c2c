/* dav1d's trampolines, one for each function of dav1d_functions.def. */
#define SB_LAZY_NAME dav1d
#define SB_LAZY_FUNCTIONS "dav1d_functions.def"
#include "lazy_trampolines_define.inc"
