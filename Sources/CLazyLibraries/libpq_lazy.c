#include "lazy_libraries.h"
#include "lazy_library.h"

#include <dlfcn.h>
#include <pthread.h>

#if defined(__x86_64__)

/* Each function's index into the table, in libpq_functions.def's order (the trampolines count
 * the same way, with __COUNTER__). */
enum {
#define SB_LIBPQ(name) SB_LIBPQ_INDEX_##name,
#include "libpq_functions.def"
#undef SB_LIBPQ
    SB_LIBPQ_FUNCTIONS
};

static const char *const sb_libpq_names[SB_LIBPQ_FUNCTIONS] = {
#define SB_LIBPQ(name) #name,
#include "libpq_functions.def"
#undef SB_LIBPQ
};

/* Read by the trampolines (libpq_trampolines.S): null until libpq is open, then each function. */
__attribute__((visibility("hidden"))) void *sb_libpq_table[SB_LIBPQ_FUNCTIONS];

static pthread_once_t sb_libpq_once = PTHREAD_ONCE_INIT;

static void sb_libpq_open(void) {
    /* libpq's SONAME has been libpq.so.5 since PostgreSQL 8.0; its headers name no version of it.
     * RTLD_LOCAL: nothing else binds to libpq. */
    const SBLazyLibrary libpq = {"libpq.so.5", RTLD_NOW | RTLD_LOCAL, sb_libpq_names, sb_libpq_table, SB_LIBPQ_FUNCTIONS};
    sb_lazy_library_open(&libpq);
}

int sb_libpq_lazy_load(void) {
    pthread_once(&sb_libpq_once, sb_libpq_open);
    return 0;
}

#else

int sb_libpq_lazy_load(void) { return 0; }

#endif
