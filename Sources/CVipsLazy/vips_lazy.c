#define _GNU_SOURCE
#include "vips_lazy.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <vips/version.h>

#if defined(__x86_64__)

/* Each function's index into the table, in vips_functions.def's order (the trampolines
 * count the same way, with __COUNTER__). */
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

/* Read by the trampolines (trampolines.S): null until libvips is open, then each function. */
__attribute__((visibility("hidden"))) void *sb_vips_table[SB_VIPS_FUNCTIONS];

static pthread_once_t sb_vips_once = PTHREAD_ONCE_INIT;

static void sb_vips_open(void) {
    char soname[64];
    snprintf(soname, sizeof soname, "libvips.so.%d", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
    /* RTLD_GLOBAL, as if linked: libvips's modules and the orc lock (COrcLock) bind as before. */
    void *handle = dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
    if (!handle) {
        fprintf(stderr, "shoebox: cannot load %s: %s\n", soname, dlerror());
        abort();
    }
    for (int index = 0; index < SB_VIPS_FUNCTIONS; index++) {
        void *function = dlsym(handle, sb_vips_names[index]);
        if (!function) {
            fprintf(stderr, "shoebox: %s has no %s: %s\n", soname, sb_vips_names[index], dlerror());
            abort();
        }
        atomic_store_explicit((_Atomic(void *) *) &sb_vips_table[index], function, memory_order_release);
    }
}

int sb_vips_lazy_load(void) {
    pthread_once(&sb_vips_once, sb_vips_open);
    return 0;
}

#else

/* Elsewhere libvips is linked as usual (Package.swift) and open from the start. */
int sb_vips_lazy_load(void) { return 0; }

#endif
