#ifndef SB_LOADED_LIBRARY_H
#define SB_LOADED_LIBRARY_H

#include <stddef.h>

/* The folder of the loaded shared object that holds `address` (a function of that library),
 * copied into `folder` (at most `size` bytes with the terminating NUL); 0 on success, -1 when
 * no loaded object holds it or the folder does not fit. For finding a library's plug-in
 * folder next to it, where the library itself was installed. */
int sb_loaded_library_folder(const void *address, char *folder, size_t size);

#endif
