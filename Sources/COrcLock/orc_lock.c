#define _GNU_SOURCE
#include "orc_lock.h"

#include <dlfcn.h>
#include <pthread.h>

typedef struct _OrcProgram OrcProgram;
typedef int (*sb_orc_compile_fn)(OrcProgram *);
typedef void (*sb_orc_free_fn)(OrcProgram *);

/* orc's own functions, found once in the libraries loaded after this one. */
static sb_orc_compile_fn sb_orc_compile;
static sb_orc_free_fn sb_orc_free;
static pthread_once_t sb_orc_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t sb_orc_lock = PTHREAD_MUTEX_INITIALIZER;

static void sb_orc_find(void) {
    sb_orc_compile = (sb_orc_compile_fn) dlsym(RTLD_NEXT, "orc_program_compile");
    sb_orc_free = (sb_orc_free_fn) dlsym(RTLD_NEXT, "orc_program_free");
}

/* OrcCompileResult ORC_COMPILE_RESULT_UNKNOWN_COMPILE: what orc answers when it cannot
 * compile; libvips then runs its C loops for that operation. */
#define SB_ORC_CANNOT_COMPILE 0x100

int orc_program_compile(OrcProgram *program) {
    pthread_once(&sb_orc_once, sb_orc_find);
    if (!sb_orc_compile)
        return SB_ORC_CANNOT_COMPILE;
    pthread_mutex_lock(&sb_orc_lock);
    int result = sb_orc_compile(program);
    pthread_mutex_unlock(&sb_orc_lock);
    return result;
}

void orc_program_free(OrcProgram *program) {
    pthread_once(&sb_orc_once, sb_orc_find);
    if (!sb_orc_free)
        return;
    pthread_mutex_lock(&sb_orc_lock);
    sb_orc_free(program);
    pthread_mutex_unlock(&sb_orc_lock);
}

/* orc's own, declared here as orc.h declares it: the one call of orc's this layer makes
 * directly. It keeps liborc among the program's libraries (the linker drops a library nothing
 * calls), and with liborc there the linker exports the two functions above, which the dynamic
 * linker needs to find in the program when libvips is opened later (CLazyLibraries). */
const char *orc_version_string(void);

int sb_orc_calls_are_serialised(void) {
    return orc_version_string() != NULL &&
           dlsym(RTLD_DEFAULT, "orc_program_compile") == (void *) orc_program_compile &&
           dlsym(RTLD_DEFAULT, "orc_program_free") == (void *) orc_program_free;
}
