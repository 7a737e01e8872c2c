/* libvips's trampolines (lazy_trampolines.inc): one for each function of vips_functions.def,
 * numbered in its order, through sb_vips_table, opened by sb_vips_lazy_load. */
#if defined(__x86_64__)

#include "lazy_trampolines.inc"

    .text

#define SB_VIPS(name) SB_TRAMPOLINE name, __COUNTER__, sb_vips_table, sb_vips_first_call
#include "vips_functions.def"
#undef SB_VIPS

    SB_FIRST_CALL sb_vips_first_call, sb_vips_table, sb_vips_lazy_load

#endif

    .section .note.GNU-stack,"",@progbits
