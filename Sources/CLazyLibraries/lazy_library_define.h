/* Defines one library opened on first use: its table, which its trampolines (lazy_trampolines.inc)
 * read, and its loader, sb_NAME_lazy_load (lazy_libraries.h). A library's .c file defines, then
 * includes this:
 *   SB_LAZY_NAME            its short name, as in sb_NAME_lazy_load
 *   SB_LAZY_FUNCTIONS       its list, a file of SB_LAZY(function) lines, as a string
 *   SB_LAZY_SONAME_FORMAT   its SONAME with %d for its version ("libpq.so.%d")
 *   SB_LAZY_SONAME_VERSION  that version, from the library's own header where it has one
 *   SB_LAZY_OPEN_FLAGS      how dlopen opens it (RTLD_GLOBAL where others bind to it) */
#include "lazy_libraries.h"
#include "lazy_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define SB_LAZY_PASTE2(a, b) a##b
#define SB_LAZY_PASTE(a, b) SB_LAZY_PASTE2(a, b)
#define SB_LAZY_SYMBOL(suffix) SB_LAZY_PASTE(SB_LAZY_PASTE(sb_, SB_LAZY_NAME), suffix)

#if defined(__x86_64__)

/* The functions' names in the list's order: the trampolines count the same way (__COUNTER__). */
static const char *const SB_LAZY_SYMBOL(_names)[] = {
#define SB_LAZY(function) #function,
#include SB_LAZY_FUNCTIONS
#undef SB_LAZY
};

/* Read by the trampolines: null until the library is open, then each function. */
__attribute__((visibility("hidden")))
void *SB_LAZY_SYMBOL(_table)[sizeof SB_LAZY_SYMBOL(_names) / sizeof SB_LAZY_SYMBOL(_names)[0]];

static pthread_once_t SB_LAZY_SYMBOL(_once) = PTHREAD_ONCE_INIT;

static void SB_LAZY_SYMBOL(_open)(void) {
    static char soname[64];
    snprintf(soname, sizeof soname, SB_LAZY_SONAME_FORMAT, (int) (SB_LAZY_SONAME_VERSION));
    const SBLazyLibrary library = {soname, SB_LAZY_OPEN_FLAGS, SB_LAZY_SYMBOL(_names), SB_LAZY_SYMBOL(_table),
                                   (int) (sizeof SB_LAZY_SYMBOL(_names) / sizeof SB_LAZY_SYMBOL(_names)[0])};
    sb_lazy_library_open(&library);
}

int SB_LAZY_SYMBOL(_lazy_load)(void) {
    pthread_once(&SB_LAZY_SYMBOL(_once), SB_LAZY_SYMBOL(_open));
    return 0;
}

#else

/* Elsewhere the library is linked as usual (Package.swift) and open from the start. */
int SB_LAZY_SYMBOL(_lazy_load)(void) { return 0; }

#endif
