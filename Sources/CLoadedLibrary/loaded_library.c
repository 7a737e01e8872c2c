#define _GNU_SOURCE
#include "loaded_library.h"

#include <dlfcn.h>
#include <string.h>

int sb_loaded_library_folder(const char *symbol, char *folder, size_t size) {
    void *address = dlsym(RTLD_DEFAULT, symbol);
    Dl_info info;
    if (!address || !dladdr(address, &info) || !info.dli_fname)
        return -1;
    const char *slash = strrchr(info.dli_fname, '/');
    if (!slash || (size_t) (slash - info.dli_fname) >= size)
        return -1;
    size_t length = (size_t) (slash - info.dli_fname);
    memcpy(folder, info.dli_fname, length);
    folder[length] = '\0';
    return 0;
}
