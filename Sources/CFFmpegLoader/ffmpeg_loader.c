#include "ffmpeg_loader.h"
#include "ffmpeg_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define SB_STRING_OF(x) #x
#define SB_STRING(x) SB_STRING_OF(x)

/* In dependency order: each library's own dependencies come before it. */
enum { SB_AVUTIL, SB_SWSCALE, SB_AVCODEC, SB_AVFORMAT, SB_FFMPEG_LIBRARIES };

/* The SONAMEs of the FFmpeg Shoebox was compiled against (its headers' major versions). */
static const char *const sb_ffmpeg_sonames[SB_FFMPEG_LIBRARIES] = {
    "libavutil.so." SB_STRING(LIBAVUTIL_VERSION_MAJOR),
    "libswscale.so." SB_STRING(LIBSWSCALE_VERSION_MAJOR),
    "libavcodec.so." SB_STRING(LIBAVCODEC_VERSION_MAJOR),
    "libavformat.so." SB_STRING(LIBAVFORMAT_VERSION_MAJOR),
};

static pthread_once_t sb_ffmpeg_once = PTHREAD_ONCE_INIT;
static atomic_int sb_ffmpeg_loaded;          /* 1 once every function below is set */
static const char *sb_ffmpeg_failed_library; /* set when loading failed */
static char sb_ffmpeg_failure[1024];

/* The real functions, found by sb_ffmpeg_open. */
#define SB_POINTER(library, name) static __typeof__(name) *sb_real_##name;
#define SB_FUNCTION_POINTER(library, type, name, parameters, arguments) SB_POINTER(library, name)
#define SB_PROCEDURE_POINTER(library, name, parameters, arguments) SB_POINTER(library, name)
SB_FFMPEG_FUNCTIONS(SB_FUNCTION_POINTER, SB_PROCEDURE_POINTER)

static void sb_ffmpeg_fail(int library, const char *reason) {
    sb_ffmpeg_failed_library = sb_ffmpeg_sonames[library];
    snprintf(sb_ffmpeg_failure, sizeof sb_ffmpeg_failure, "%s", reason ? reason : "unknown dynamic linker error");
}

static void sb_ffmpeg_open(void) {
    void *handles[SB_FFMPEG_LIBRARIES];
    for (int library = 0; library < SB_FFMPEG_LIBRARIES; library++) {
        /* RTLD_LOCAL: FFmpeg's symbols stay out of the global scope, so nothing else binds to them. */
        handles[library] = dlopen(sb_ffmpeg_sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (!handles[library]) {
            sb_ffmpeg_fail(library, dlerror());
            return;
        }
    }
#define SB_RESOLVE(library, name) \
    if (!(sb_real_##name = (__typeof__(name) *) dlsym(handles[library], #name))) { \
        sb_ffmpeg_fail(library, dlerror()); \
        return; \
    }
#define SB_RESOLVE_FUNCTION(library, type, name, parameters, arguments) SB_RESOLVE(library, name)
#define SB_RESOLVE_PROCEDURE(library, name, parameters, arguments) SB_RESOLVE(library, name)
    SB_FFMPEG_FUNCTIONS(SB_RESOLVE_FUNCTION, SB_RESOLVE_PROCEDURE)
    atomic_store_explicit(&sb_ffmpeg_loaded, 1, memory_order_release);
}

int sb_ffmpeg_load(const char **library, const char **reason) {
    pthread_once(&sb_ffmpeg_once, sb_ffmpeg_open);
    if (atomic_load_explicit(&sb_ffmpeg_loaded, memory_order_acquire))
        return 0;
    *library = sb_ffmpeg_failed_library;
    *reason = sb_ffmpeg_failure;
    return -1;
}

/* For a forwarder called before sb_ffmpeg_load succeeded: load now, or end the process
 * naming the library (no FFmpeg call can go on without it). */
static void sb_ffmpeg_require(void) {
    if (atomic_load_explicit(&sb_ffmpeg_loaded, memory_order_acquire))
        return;
    const char *library = NULL, *reason = NULL;
    if (sb_ffmpeg_load(&library, &reason) != 0) {
        fprintf(stderr, "shoebox: cannot load %s: %s\n", library, reason);
        abort();
    }
}

/* The forwarders: FFmpeg's names and prototypes, hidden so that only Shoebox's own code binds
 * to them. */
#define SB_FORWARD_FUNCTION(library, type, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) type name parameters { \
        sb_ffmpeg_require(); \
        return sb_real_##name arguments; \
    }
#define SB_FORWARD_PROCEDURE(library, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) void name parameters { \
        sb_ffmpeg_require(); \
        sb_real_##name arguments; \
    }
SB_FFMPEG_FUNCTIONS(SB_FORWARD_FUNCTION, SB_FORWARD_PROCEDURE)
