/* de265's trampolines, one for each function of de265_functions.def. */
#define SB_LAZY_NAME de265
#define SB_LAZY_FUNCTIONS "de265_functions.def"
#include "lazy_trampolines_define.inc"
