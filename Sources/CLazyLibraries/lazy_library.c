#include "lazy_library.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

void sb_lazy_library_open(const SBLazyLibrary *library) {
    void *handle = dlopen(library->soname, library->open_flags);
    if (!handle) {
        fprintf(stderr, "shoebox: cannot load %s: %s\n", library->soname, dlerror());
        abort();
    }
    for (int index = 0; index < library->count; index++) {
        void *function = dlsym(handle, library->names[index]);
        if (!function) {
            fprintf(stderr, "shoebox: %s has no %s: %s\n", library->soname, library->names[index], dlerror());
            abort();
        }
        atomic_store_explicit((_Atomic(void *) *) &library->table[index], function, memory_order_release);
    }
}
