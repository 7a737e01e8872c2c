#define _GNU_SOURCE   /* pipe2 */
#include "process_supervision.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static pid_t child_pid;
static int received_signal;
static int stop_signal;
static int wake_pipe[2] = { -1, -1 };

int sb_supervised_child_setup(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
        return -1;
    /* The parent may have died between starting this process and the request above: then
     * no signal will ever come, and this process now has another parent. */
    return getppid() == parent ? 0 : -1;
}

/* Sets `handler` (a function, or SIG_DFL) for `signal_number`, restarting interrupted calls;
 * returns whether it was set. */
static int set_action(int signal_number, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, NULL) == 0;
}

/* Handles `signal_number` with `handler` unless it is ignored: an ignored signal stays
 * ignored, in the parent and (inherited) in the child, as it would be for an unsupervised run
 * (nohup, background jobs). Returns whether the handler was installed. */
static int handle_unless_ignored(int signal_number, void (*handler)(int)) {
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0 || current.sa_handler == SIG_IGN)
        return 0;
    return set_action(signal_number, handler);
}

void sb_restore_stop_signals(void) {
    /* Swift's runtime leaves an ignored signal ignored: SIG_IGN here was there at exec. */
    handle_unless_ignored(SIGQUIT, SIG_DFL);
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGHUP);
    sigaddset(&stop, SIGQUIT);
    pthread_sigmask(SIG_UNBLOCK, &stop, NULL);
}

/* Async-signal-safe: atomic accesses, kill(2) and write(2), errno kept. */
static void forward(int signal_number) {
    int saved_errno = errno;
    __atomic_store_n(&received_signal, signal_number, __ATOMIC_SEQ_CST);
    pid_t child = __atomic_load_n(&child_pid, __ATOMIC_SEQ_CST);
    if (child > 0)
        kill(child, signal_number);
    int wake = __atomic_load_n(&wake_pipe[1], __ATOMIC_SEQ_CST);
    if (wake >= 0) {
        char byte = 1;
        (void)!write(wake, &byte, 1);   /* a full pipe already wakes the reader */
    }
    errno = saved_errno;
}

int sb_supervisor_wake_fd(void) {
    if (__atomic_load_n(&wake_pipe[0], __ATOMIC_SEQ_CST) >= 0)
        return wake_pipe[0];
    int ends[2];
    if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0)
        return -1;
    __atomic_store_n(&wake_pipe[0], ends[0], __ATOMIC_SEQ_CST);
    __atomic_store_n(&wake_pipe[1], ends[1], __ATOMIC_SEQ_CST);
    return ends[0];
}

void sb_supervisor_install(void) {
    const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
    sigset_t unblocked;
    sigemptyset(&unblocked);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        if (handle_unless_ignored(signals[i], forward))
            sigaddset(&unblocked, signals[i]);
    }
    /* A parent may hand down a mask blocking them (a test runner's worker thread does): they
     * must reach this thread, and the child, which inherits this thread's mask. */
    pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL);
}

void sb_supervisor_set_child(pid_t child) {
    __atomic_store_n(&child_pid, child, __ATOMIC_SEQ_CST);
    int pending = __atomic_load_n(&received_signal, __ATOMIC_SEQ_CST);
    if (child > 0 && pending != 0)
        kill(child, pending);
}

int sb_supervisor_received_signal(void) {
    return __atomic_load_n(&received_signal, __ATOMIC_SEQ_CST);
}

/* /proc/self/task holds one entry a thread; unknown counts as no. */
/* 1 once sb_supervised_child_run has parked this process's first thread (it only waits). */
static int parked_threads;

static int thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks)
        return -1;
    int threads = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL)
        if (entry->d_name[0] != '.')
            threads++;
    closedir(tasks);
    return threads;
}

int sb_process_has_one_thread(void) {
    return thread_count() == 1;
}

int sb_process_has_one_working_thread(void) {
    return thread_count() - __atomic_load_n(&parked_threads, __ATOMIC_SEQ_CST) == 1;
}

/* What exec(2) does to descriptors: closes those marked close-on-exec. Returns 0, or -1 when
 * /proc/self/fd cannot be read. */
static int close_on_exec_descriptors(void) {
    DIR *descriptors = opendir("/proc/self/fd");
    if (!descriptors)
        return -1;
    int own = dirfd(descriptors);
    struct dirent *entry;
    while ((entry = readdir(descriptors)) != NULL) {
        if (entry->d_name[0] == '.')
            continue;
        int fd = atoi(entry->d_name);
        int flags = fcntl(fd, F_GETFD);
        if (fd != own && flags >= 0 && (flags & FD_CLOEXEC))
            close(fd);
    }
    closedir(descriptors);
    return 0;
}

/* What exec(2) does to handlers: the forwarding ones back to the default action. */
static void default_forwarded_signals(void) {
    const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) == 0 && current.sa_handler == forward)
            set_action(signals[i], SIG_DFL);
    }
}

pid_t sb_supervisor_fork(void) {
    if (!sb_process_has_one_thread())
        return SB_FORK_HAS_THREADS;
    fflush(NULL);
    /* Blocked across the fork: a signal must not run the parent's forwarding handler in the
     * child, which would swallow it; it stays pending there until the default is back. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t child = fork();
    if (child == 0) {
        default_forwarded_signals();
        if (close_on_exec_descriptors() != 0)
            _exit(127);   /* as an exec that cannot start */
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    errno = saved;
    return child;
}

struct fresh_thread_call {
    int (*body)(void);
    int result;
};

static void *run_fresh_thread_call(void *context) {
    struct fresh_thread_call *call = context;
    call->result = call->body();
    return NULL;
}

int sb_call_on_fresh_thread(int (*body)(void)) {
    struct fresh_thread_call call = { body, -1 };
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    struct rlimit stack;
    size_t size = 8u << 20;   /* the main thread's usual stack; more when its limit says so */
    if (getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY && stack.rlim_cur > size)
        size = (size_t)stack.rlim_cur;
    pthread_attr_setstacksize(&attributes, size);
    pthread_t thread;
    int started = pthread_create(&thread, &attributes, run_fresh_thread_call, &call);
    pthread_attr_destroy(&attributes);
    if (started != 0)
        return -1;
    pthread_join(thread, NULL);
    return call.result;
}

int sb_thread_id(void) {
    return (int)syscall(SYS_gettid);
}

_Noreturn void sb_supervised_child_run(int (*body)(void)) {
    __atomic_store_n(&parked_threads, 1, __ATOMIC_SEQ_CST);
    int status = sb_call_on_fresh_thread(body);
    exit(status < 0 ? 127 : status);
}

/* Async-signal-safe: one atomic store. */
static void remember_stop(int signal_number) {
    __atomic_store_n(&stop_signal, signal_number, __ATOMIC_SEQ_CST);
}

void sb_stop_requests_install(void) {
    const int signals[] = { SIGINT, SIGTERM, SIGHUP };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        handle_unless_ignored(signals[i], remember_stop);
}

int sb_stop_requested(void) {
    return __atomic_load_n(&stop_signal, __ATOMIC_SEQ_CST);
}

void sb_die_of(int signal_number) {
    set_action(signal_number, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
}

int sb_set_process_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long) name, 0UL, 0UL, 0UL) == 0 ? 0 : -1;
}
