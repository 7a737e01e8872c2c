#ifndef SB_LOADED_LIBRARY_H
#define SB_LOADED_LIBRARY_H

#include <stddef.h>

/* The folder of the loaded shared object that defines the function `symbol` (looked up as the
 * dynamic linker resolves it, so never a stub in the caller), copied into `folder` (at most
 * `size` bytes with the terminating NUL); 0 on success, -1 when no loaded object defines it or
 * the folder does not fit. For finding a library's plug-in folder, where it was installed. */
int sb_loaded_library_folder(const char *symbol, char *folder, size_t size);

#endif
