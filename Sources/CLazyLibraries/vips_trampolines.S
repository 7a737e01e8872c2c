/* vips's trampolines, one for each function of vips_functions.def. */
#define SB_LAZY_NAME vips
#define SB_LAZY_FUNCTIONS "vips_functions.def"
#include "lazy_trampolines_define.inc"
