/* libpq's trampolines (lazy_trampolines.inc): one for each function of libpq_functions.def,
 * numbered in its order, through sb_libpq_table, opened by sb_libpq_lazy_load. */
#if defined(__x86_64__)

#include "lazy_trampolines.inc"

    .text

#define SB_LIBPQ(name) SB_TRAMPOLINE name, __COUNTER__, sb_libpq_table, sb_libpq_first_call
#include "libpq_functions.def"
#undef SB_LIBPQ

    SB_FIRST_CALL sb_libpq_first_call, sb_libpq_table, sb_libpq_lazy_load

#endif

    .section .note.GNU-stack,"",@progbits
