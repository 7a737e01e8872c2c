#define _GNU_SOURCE
#include "crash_guard.h"

#include <limits.h>
#include <link.h>
#include <ucontext.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* Longer than PATH_MAX: Shoebox walks and opens deeper paths with openat. */
#define SB_PATH_MAX 16384
#define SB_SLOTS 256

static int log_fd = -1;

/* What the process says on stderr when the guard ends it, after naming the file; `speaks` 0
 * says nothing (a supervisor names the file). Set once, before any work. */
#define SB_ADVICE_MAX 1024
static int speaks = 1;
static char timeout_advice[SB_ADVICE_MAX];
static char crash_advice[SB_ADVICE_MAX];

static __thread char current_path[SB_PATH_MAX];
static __thread size_t current_length;

/* One slot per thread working on a file: what the watchdog watches (the slots with a budget)
 * and the in-flight table a supervisor reads after a SIGKILL (every slot). The slots live in
 * this process's memory until `sb_in_flight_share` moves them into the supervisor's memory
 * file, before any work. */
typedef struct {
    int used;
    char path[SB_PATH_MAX];
    size_t length;
    struct timespec deadline;
    int budget;   /* seconds; 0: no deadline */
} SBSlot;

static SBSlot own_slots[SB_SLOTS];
static SBSlot *slots = own_slots;

/* The command's progress, after the slots in the same memory file: files done, and the files
 * counted plus one (0: not counted yet, which an emptied table reads as). */
typedef struct {
    long long done;
    long long counted_plus_one;
} SBProgress;

static SBProgress own_progress;
static SBProgress *progress = &own_progress;
#define SB_TABLE_BYTES (sizeof own_slots + sizeof(SBProgress))
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static __thread int current_slot = -1;
static pthread_once_t watchdog_once = PTHREAD_ONCE_INIT;

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n <= 0)
            return;
        bytes += n;
        length -= (size_t) n;
    }
}

/* Writes text for a terminal line: control characters (C0, DEL, and C1, which UTF-8 writes
 * C2 80 to C2 9F) as \xHH a byte, as the Swift side's TerminalText does, so that a file
 * name cannot split the line or drive the terminal. */
static void write_printable(int fd, const char *text, size_t length) {
    static const char digits[] = "0123456789abcdef";
    const unsigned char *bytes = (const unsigned char *) text;
    size_t start = 0;
    for (size_t i = 0; i < length; i++) {
        int c1 = bytes[i] == 0xC2 && i + 1 < length && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F;
        if (bytes[i] >= 0x20 && bytes[i] != 0x7F && !c1)
            continue;
        write_all(fd, text + start, i - start);
        for (size_t k = i; k <= i + (size_t) c1; k++) {
            char escape[4] = { '\\', 'x', digits[bytes[k] >> 4], digits[bytes[k] & 0xF] };
            write_all(fd, escape, sizeof escape);
        }
        i += (size_t) c1;
        start = i + 1;
    }
    write_all(fd, text + start, length - start);
}

static void write_text(int fd, const char *text) {
    write_all(fd, text, strlen(text));
}

static void copy_text(char *to, size_t capacity, const char *from) {
    size_t length = from ? strlen(from) : 0;
    if (length >= capacity)
        length = capacity - 1;
    memcpy(to, from ? from : "", length);
    to[length] = 0;
}

static const char *signal_name(int signal_number) {
    switch (signal_number) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    default: return "a fatal signal";
    }
}

static int handling;                 /* a thread is writing its line: the others wait */
static __thread int handling_here;   /* this thread faulted again inside the handler */

/* Ends the process with `signal_number`'s default action. */
static void die_of(int signal_number) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

/* Where Shoebox's own machine code lies: the program's executable segments, and those of
 * the Swift runtime and Foundation, in which Swift's runtime checks (an overflow, an index out
 * of range, a failed precondition) stop the process with SIGILL. Found once at install, read
 * by the handler (a fixed array: nothing to allocate there). */
#define SB_OWN_RANGES 32
static uintptr_t own_starts[SB_OWN_RANGES], own_ends[SB_OWN_RANGES];
static int own_count;

static int is_own_library(const char *name) {
    if (name == NULL || name[0] == '\0')
        return 1;   /* the program itself */
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    return strncmp(base, "libswift", 8) == 0 || strncmp(base, "libFoundation", 13) == 0;
}

static int note_own_code(struct dl_phdr_info *info, size_t size, void *unused) {
    (void)size; (void)unused;
    if (!is_own_library(info->dlpi_name))
        return 0;
    for (int i = 0; i < info->dlpi_phnum && own_count < SB_OWN_RANGES; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X))
            continue;
        own_starts[own_count] = info->dlpi_addr + segment->p_vaddr;
        own_ends[own_count] = own_starts[own_count] + segment->p_memsz;
        own_count++;
    }
    return 0;
}

/* Whether the faulting instruction of `context` is in Shoebox's own code (see above). */
static int faulted_in_own_code(void *context) {
    if (context == NULL)
        return 0;
    const ucontext_t *state = context;
#if defined(__x86_64__)
    uintptr_t pc = (uintptr_t)state->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    uintptr_t pc = (uintptr_t)state->uc_mcontext.pc;
#else
    uintptr_t pc = 0;
#endif
    for (int i = 0; i < own_count; i++)
        if (pc >= own_starts[i] && pc < own_ends[i])
            return 1;
    return 0;
}

/* Async-signal-safe: write(2) of a thread-local buffer, then the default action. Two workers
 * may crash at once: the handler stays installed (no SA_RESETHAND), so the second one waits
 * here while the first writes its line, instead of taking the default action and killing the
 * process before that line is whole. The first then ends the process. */
static void on_fatal_signal(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    if (handling_here)
        die_of(signal_number);
    /* SIGILL in Shoebox's own code is a Swift runtime check, not a library's crash: said so,
     * and logged with an `own` mark for the record. */
    int own = signal_number == SIGILL && faulted_in_own_code(context);
    handling_here = 1;
    while (__atomic_exchange_n(&handling, 1, __ATOMIC_ACQUIRE)) {
        struct timespec pause = { 0, 1000000 };
        nanosleep(&pause, NULL);
    }
    int fd = __atomic_load_n(&log_fd, __ATOMIC_SEQ_CST);
    if (fd >= 0 && current_length > 0) {
        /* Two writes, no copy: a buffer the size of a path on a crashing thread's stack is
         * what a crash near its end cannot afford. */
        if (own)
            write_all(fd, "own\t", 4);
        write_all(fd, current_path, current_length);
        write_all(fd, "\n", 1);
        fsync(fd);
    }
    if (current_length > 0 && __atomic_load_n(&speaks, __ATOMIC_SEQ_CST)) {
        write_text(2, own ? "shoebox: stopped: a runtime check in Shoebox's own code failed on "
                          : "shoebox: stopped: a C library crashed on ");
        write_printable(2, current_path, current_length);
        write_text(2, " (");
        write_text(2, signal_name(signal_number));
        write_text(2, ")");
        write_text(2, crash_advice);
        write_text(2, "\n");
    }
    die_of(signal_number);
}

int sb_crash_guard_install(const char *log_path) {
    int fd = log_path ? open(log_path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644) : -1;
    if (log_path && fd < 0)
        return -1;
    /* Atomic: pipelines in one process (tests) may switch logs concurrently, and the signal
     * handler and the watchdog read it at any moment. */
    int previous = __atomic_exchange_n(&log_fd, fd, __ATOMIC_SEQ_CST);
    if (previous >= 0)
        close(previous);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    if (own_count == 0)
        dl_iterate_phdr(note_own_code, NULL);
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_NODEFER | SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    const int signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        if (sigaction(signals[i], &action, NULL) != 0)
            return -1;
    return 0;
}

void sb_crash_guard_set_notice(const char *after_timeout, const char *after_crash) {
    pthread_mutex_lock(&slots_lock);
    copy_text(timeout_advice, sizeof timeout_advice, after_timeout);
    copy_text(crash_advice, sizeof crash_advice, after_crash);
    __atomic_store_n(&speaks, after_timeout != NULL || after_crash != NULL, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&slots_lock);
}

/* How often the watchdog looks, and how late a look must be to say the process was not
 * running in between (stopped by Ctrl-Z or SIGSTOP, held by a debugger or a frozen cgroup):
 * CLOCK_MONOTONIC goes on meanwhile, but no file was worked on. */
#define SB_TICK_NS (250LL * 1000 * 1000)
#define SB_LATE_NS (750LL * 1000 * 1000)

static long long nanoseconds(const struct timespec *time) {
    return (long long) time->tv_sec * 1000000000LL + time->tv_nsec;
}

/* Moves every deadline on by `lost` nanoseconds; called with slots_lock held. */
static void postpone_deadlines(long long lost) {
    for (int i = 0; i < SB_SLOTS; i++) {
        if (!slots[i].used)
            continue;
        long long moved = nanoseconds(&slots[i].deadline) + lost;
        slots[i].deadline.tv_sec = (time_t) (moved / 1000000000LL);
        slots[i].deadline.tv_nsec = (long) (moved % 1000000000LL);
    }
}

static int passed(const struct timespec *deadline, const struct timespec *now) {
    return nanoseconds(now) >= nanoseconds(deadline);
}

/* When start_watchdog started the watchdog (CLOCK_MONOTONIC): its first look's reference. */
static struct timespec watchdog_started;

/* Names the first file over its budget in the log and on stderr, then ends the process: a
 * C call cannot be interrupted, and the next run records the file as timed out. A budget is
 * time the process ran: a look that comes late by more than SB_LATE_NS (the process was
 * stopped, or not scheduled) moves every deadline on by the time lost, so that a batch
 * suspended with Ctrl-Z and resumed later does not record the files in hand as timed out. */
static void *watch(void *unused) {
    (void) unused;
    /* The first look measures from when the watchdog was started, not from when its thread
     * first ran: a process stopped between the two (the first file's decoder can reach a stop
     * before a new thread is scheduled, on a loaded machine) still has the stop discounted. */
    struct timespec last = watchdog_started;
    for (;;) {
        struct timespec pause = { 0, SB_TICK_NS };
        nanosleep(&pause, NULL);
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long long late = nanoseconds(&now) - nanoseconds(&last) - SB_TICK_NS;
        last = now;
        pthread_mutex_lock(&slots_lock);
        if (late > SB_LATE_NS)
            postpone_deadlines(late);
        for (int i = 0; i < SB_SLOTS; i++) {
            if (!slots[i].used || slots[i].budget <= 0 || !passed(&slots[i].deadline, &now))
                continue;
            int fd = __atomic_load_n(&log_fd, __ATOMIC_SEQ_CST);
            if (fd >= 0) {
                write_all(fd, "timeout\t", 8);
                write_all(fd, slots[i].path, slots[i].length);
                write_all(fd, "\n", 1);
                fsync(fd);
            }
                    /* A supervised process says nothing: its parent names the file as it restarts it. */
            if (__atomic_load_n(&speaks, __ATOMIC_SEQ_CST)) {
                write_text(2, "shoebox: stopped: a file went over its time budget: ");
                write_printable(2, slots[i].path, slots[i].length);
                write_text(2, timeout_advice);
                write_text(2, "\n");
            }
            _exit(124);
        }
        pthread_mutex_unlock(&slots_lock);
    }
    return NULL;
}

static void start_watchdog(void) {
    clock_gettime(CLOCK_MONOTONIC, &watchdog_started);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_create(&thread, &attributes, watch, NULL);
    pthread_attr_destroy(&attributes);
}

/* ThreadSanitizer makes every file's work 5-15 times slower (measured: default-budget ingest
 * tests ran past their 20 s), so a build under it stretches each budget ten times over: a
 * file within its budget in a normal build stays within it there. Other builds use the
 * budget as given. */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SB_BUDGET_FACTOR 10
#endif
#endif
#ifndef SB_BUDGET_FACTOR
#define SB_BUDGET_FACTOR 1
#endif

void sb_crash_guard_enter(const char *path, int budget_seconds) {
    size_t length = strlen(path);
    if (length >= SB_PATH_MAX)
        length = SB_PATH_MAX - 1;
    memcpy(current_path, path, length);
    current_length = length;
    if (budget_seconds > 0) {
        budget_seconds = budget_seconds > INT_MAX / SB_BUDGET_FACTOR ? INT_MAX : budget_seconds * SB_BUDGET_FACTOR;
        pthread_once(&watchdog_once, start_watchdog);
    } else {
        budget_seconds = 0;
    }
    pthread_mutex_lock(&slots_lock);
    for (int i = 0; i < SB_SLOTS; i++) {
        if (slots[i].used)
            continue;
        slots[i].used = 1;
        memcpy(slots[i].path, path, length);
        slots[i].length = length;
        slots[i].budget = budget_seconds;
        clock_gettime(CLOCK_MONOTONIC, &slots[i].deadline);
        slots[i].deadline.tv_sec += budget_seconds;
        current_slot = i;
        break;
    }
    pthread_mutex_unlock(&slots_lock);
}

void sb_crash_guard_restart_budget(void) {
    if (current_slot < 0)
        return;
    pthread_mutex_lock(&slots_lock);
    clock_gettime(CLOCK_MONOTONIC, &slots[current_slot].deadline);
    slots[current_slot].deadline.tv_sec += slots[current_slot].budget;
    pthread_mutex_unlock(&slots_lock);
}

void sb_crash_guard_leave(void) {
    current_length = 0;
    if (current_slot < 0)
        return;
    pthread_mutex_lock(&slots_lock);
    slots[current_slot].used = 0;
    pthread_mutex_unlock(&slots_lock);
    current_slot = -1;
}

int sb_in_flight_create(void) {
    int fd = memfd_create("shoebox-in-flight", 0);   /* no MFD_CLOEXEC: a spawned child maps it too */
    if (fd < 0)
        return -1;
    if (ftruncate(fd, (off_t) SB_TABLE_BYTES) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int sb_in_flight_share(int fd) {
    void *table = mmap(NULL, SB_TABLE_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (table == MAP_FAILED)
        return -1;
    pthread_mutex_lock(&slots_lock);
    SBSlot *shared = table;
    for (int i = 0; i < SB_SLOTS; i++)   /* nothing in hand yet, as a rule; kept all the same */
        if (slots[i].used)
            shared[i] = slots[i];
    slots = shared;
    pthread_mutex_unlock(&slots_lock);
    SBProgress *board = (SBProgress *) ((char *) table + sizeof own_slots);
    __atomic_store_n(&board->done, __atomic_load_n(&own_progress.done, __ATOMIC_SEQ_CST), __ATOMIC_SEQ_CST);
    __atomic_store_n(&board->counted_plus_one, __atomic_load_n(&own_progress.counted_plus_one, __ATOMIC_SEQ_CST), __ATOMIC_SEQ_CST);
    __atomic_store_n(&progress, board, __ATOMIC_SEQ_CST);
    return 0;
}

void sb_in_flight_set_done(long long done) {
    __atomic_store_n(&__atomic_load_n(&progress, __ATOMIC_SEQ_CST)->done, done, __ATOMIC_SEQ_CST);
}

void sb_in_flight_set_counted(long long counted) {
    __atomic_store_n(&__atomic_load_n(&progress, __ATOMIC_SEQ_CST)->counted_plus_one, counted + 1, __ATOMIC_SEQ_CST);
}

int sb_in_flight_progress(int fd, long long *done, long long *counted) {
    SBProgress board;
    if (pread(fd, &board, sizeof board, (off_t) sizeof own_slots) != (ssize_t) sizeof board)
        return -1;
    *done = board.done;
    *counted = board.counted_plus_one - 1;
    return 0;
}

int sb_in_flight_capacity(void) {
    return SB_SLOTS;
}

long sb_in_flight_path(int fd, int index, char *buffer, unsigned long capacity) {
    if (index < 0 || index >= SB_SLOTS)
        return -1;
    SBSlot entry;
    off_t at = (off_t) index * (off_t) sizeof(SBSlot);
    if (pread(fd, &entry, sizeof entry, at) != (ssize_t) sizeof entry || !entry.used)
        return -1;
    size_t length = entry.length < SB_PATH_MAX ? entry.length : SB_PATH_MAX - 1;
    if (length > capacity)
        length = capacity;
    memcpy(buffer, entry.path, length);
    return (long) length;
}

int sb_in_flight_clear(int fd) {
    /* Shrinking to nothing and back gives zero pages: every entry empty. */
    if (ftruncate(fd, 0) != 0)
        return -1;
    return ftruncate(fd, (off_t) SB_TABLE_BYTES);
}
