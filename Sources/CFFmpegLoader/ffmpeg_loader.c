#include "ffmpeg_loader.h"
#include "ffmpeg_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define SB_STRING_OF(x) #x
#define SB_STRING(x) SB_STRING_OF(x)

/* In dependency order: each library's own dependencies come before it. The first two are
 * the codec stage, all a still image's decode (HEIC's HEVC) needs; the others, with their own
 * dozens of dependencies, are loaded only for what also needs them (videos, BMP). */
enum { SB_AVUTIL, SB_AVCODEC, SB_SWSCALE, SB_AVFORMAT, SB_FFMPEG_LIBRARIES };
enum { SB_CODEC_STAGE_LIBRARIES = SB_SWSCALE };

/* The SONAMEs of the FFmpeg Shoebox was compiled against (its headers' major versions). */
static const char *const sb_ffmpeg_sonames[SB_FFMPEG_LIBRARIES] = {
    "libavutil.so." SB_STRING(LIBAVUTIL_VERSION_MAJOR),
    "libavcodec.so." SB_STRING(LIBAVCODEC_VERSION_MAJOR),
    "libswscale.so." SB_STRING(LIBSWSCALE_VERSION_MAJOR),
    "libavformat.so." SB_STRING(LIBAVFORMAT_VERSION_MAJOR),
};

/* One loading stage: the libraries [first, end) and the functions they define. */
struct sb_ffmpeg_stage {
    pthread_once_t once;
    atomic_int loaded;          /* 1 once every function of the stage is set */
    const char *failed_library; /* set when loading failed */
    char failure[1024];
};
static struct sb_ffmpeg_stage sb_codec_stage = { PTHREAD_ONCE_INIT };
static struct sb_ffmpeg_stage sb_whole_stage = { PTHREAD_ONCE_INIT };

/* The real functions, found by sb_ffmpeg_open. */
#define SB_POINTER(library, name) static __typeof__(name) *sb_real_##name;
#define SB_FUNCTION_POINTER(library, type, name, parameters, arguments) SB_POINTER(library, name)
#define SB_PROCEDURE_POINTER(library, name, parameters, arguments) SB_POINTER(library, name)
SB_FFMPEG_FUNCTIONS(SB_FUNCTION_POINTER, SB_PROCEDURE_POINTER)

static void sb_ffmpeg_fail(struct sb_ffmpeg_stage *stage, int library, const char *reason) {
    stage->failed_library = sb_ffmpeg_sonames[library];
    snprintf(stage->failure, sizeof stage->failure, "%s", reason ? reason : "unknown dynamic linker error");
}

/* Opens the libraries [first, end) and resolves the functions they define; sets the stage's
 * `loaded` or its failure. */
static void sb_ffmpeg_open(struct sb_ffmpeg_stage *stage, int first, int end) {
    void *handles[SB_FFMPEG_LIBRARIES] = { 0 };
    for (int library = first; library < end; library++) {
        /* RTLD_LOCAL: FFmpeg's symbols stay out of the global scope, so nothing else binds to them. */
        handles[library] = dlopen(sb_ffmpeg_sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (!handles[library]) {
            sb_ffmpeg_fail(stage, library, dlerror());
            return;
        }
    }
#define SB_RESOLVE(library, name) \
    if (library >= first && library < end \
        && !(sb_real_##name = (__typeof__(name) *) dlsym(handles[library], #name))) { \
        sb_ffmpeg_fail(stage, library, dlerror()); \
        return; \
    }
#define SB_RESOLVE_FUNCTION(library, type, name, parameters, arguments) SB_RESOLVE(library, name)
#define SB_RESOLVE_PROCEDURE(library, name, parameters, arguments) SB_RESOLVE(library, name)
    SB_FFMPEG_FUNCTIONS(SB_RESOLVE_FUNCTION, SB_RESOLVE_PROCEDURE)
    atomic_store_explicit(&stage->loaded, 1, memory_order_release);
}

static void sb_ffmpeg_open_codec_stage(void) {
    sb_ffmpeg_open(&sb_codec_stage, 0, SB_CODEC_STAGE_LIBRARIES);
}

static void sb_ffmpeg_open_whole_stage(void) {
    pthread_once(&sb_codec_stage.once, sb_ffmpeg_open_codec_stage);
    if (!atomic_load_explicit(&sb_codec_stage.loaded, memory_order_acquire)) {
        sb_whole_stage.failed_library = sb_codec_stage.failed_library;
        snprintf(sb_whole_stage.failure, sizeof sb_whole_stage.failure, "%s", sb_codec_stage.failure);
        return;
    }
    sb_ffmpeg_open(&sb_whole_stage, SB_CODEC_STAGE_LIBRARIES, SB_FFMPEG_LIBRARIES);
}

static int sb_ffmpeg_load_stage(struct sb_ffmpeg_stage *stage, void (*open)(void),
                                const char **library, const char **reason) {
    pthread_once(&stage->once, open);
    if (atomic_load_explicit(&stage->loaded, memory_order_acquire))
        return 0;
    *library = stage->failed_library;
    *reason = stage->failure;
    return -1;
}

int sb_ffmpeg_load(const char **library, const char **reason) {
    return sb_ffmpeg_load_stage(&sb_whole_stage, sb_ffmpeg_open_whole_stage, library, reason);
}

int sb_ffmpeg_load_codecs(const char **library, const char **reason) {
    return sb_ffmpeg_load_stage(&sb_codec_stage, sb_ffmpeg_open_codec_stage, library, reason);
}

/* For a forwarder called before its library's stage was loaded: load now, or end the process
 * naming the library (no FFmpeg call can go on without it). */
static void sb_ffmpeg_require(int library) {
    struct sb_ffmpeg_stage *stage = library < SB_CODEC_STAGE_LIBRARIES ? &sb_codec_stage : &sb_whole_stage;
    if (atomic_load_explicit(&stage->loaded, memory_order_acquire))
        return;
    const char *failed = NULL, *reason = NULL;
    int rc = library < SB_CODEC_STAGE_LIBRARIES ? sb_ffmpeg_load_codecs(&failed, &reason) : sb_ffmpeg_load(&failed, &reason);
    if (rc != 0) {
        fprintf(stderr, "shoebox: cannot load %s: %s\n", failed, reason);
        abort();
    }
}

/* The forwarders: FFmpeg's names and prototypes, hidden so that only Shoebox's own code binds
 * to them. */
#define SB_FORWARD_FUNCTION(library, type, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) type name parameters { \
        sb_ffmpeg_require(library); \
        return sb_real_##name arguments; \
    }
#define SB_FORWARD_PROCEDURE(library, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) void name parameters { \
        sb_ffmpeg_require(library); \
        sb_real_##name arguments; \
    }
SB_FFMPEG_FUNCTIONS(SB_FORWARD_FUNCTION, SB_FORWARD_PROCEDURE)
