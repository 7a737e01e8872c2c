#include "lazy_libraries.h"
#include "lazy_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <vips/version.h>

#if defined(__x86_64__)

/* Each function's index into the table, in vips_functions.def's order (the trampolines count
 * the same way, with __COUNTER__). */
enum {
#define SB_VIPS(name) SB_VIPS_INDEX_##name,
#include "vips_functions.def"
#undef SB_VIPS
    SB_VIPS_FUNCTIONS
};

static const char *const sb_vips_names[SB_VIPS_FUNCTIONS] = {
#define SB_VIPS(name) #name,
#include "vips_functions.def"
#undef SB_VIPS
};

/* Read by the trampolines (vips_trampolines.S): null until libvips is open, then each function. */
__attribute__((visibility("hidden"))) void *sb_vips_table[SB_VIPS_FUNCTIONS];

static pthread_once_t sb_vips_once = PTHREAD_ONCE_INIT;

static void sb_vips_open(void) {
    static char soname[64];
    snprintf(soname, sizeof soname, "libvips.so.%d", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
    /* RTLD_GLOBAL, as if linked: libvips's modules and the orc lock (COrcLock) bind as before. */
    const SBLazyLibrary libvips = {soname, RTLD_NOW | RTLD_GLOBAL, sb_vips_names, sb_vips_table, SB_VIPS_FUNCTIONS};
    sb_lazy_library_open(&libvips);
}

int sb_vips_lazy_load(void) {
    pthread_once(&sb_vips_once, sb_vips_open);
    return 0;
}

#else

int sb_vips_lazy_load(void) { return 0; }

#endif
