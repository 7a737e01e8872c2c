#ifndef SB_LAZY_LIBRARY_H
#define SB_LAZY_LIBRARY_H

/* One library opened on first use: its SONAME, how to open it, and its functions' names, in
 * the order of its table (its .def file's order, as its trampolines count). */
typedef struct {
    const char *soname;
    int open_flags;
    const char *const *names;
    void **table;
    int count;
} SBLazyLibrary;

/* Opens the library and fills its table, each entry stored with release order, so that a
 * trampoline that reads it non-null calls a resolved function; or ends the process naming the
 * library and the reason. Call once (pthread_once). */
void sb_lazy_library_open(const SBLazyLibrary *library);

#endif
