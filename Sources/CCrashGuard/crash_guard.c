#include "crash_guard.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#define SB_PATH_MAX 4096

static int log_fd = -1;
static __thread char current_path[SB_PATH_MAX];
static __thread size_t current_length;

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n <= 0)
            return;
        bytes += n;
        length -= (size_t) n;
    }
}

/* Async-signal-safe: write(2) of a thread-local buffer, then the default action. */
static void on_fatal_signal(int signal_number) {
    if (log_fd >= 0 && current_length > 0) {
        char line[SB_PATH_MAX + 1];
        memcpy(line, current_path, current_length);
        line[current_length] = '\n';
        write_all(log_fd, line, current_length + 1);
        fsync(log_fd);
    }
    raise(signal_number);   /* SA_RESETHAND restored the default handler */
}

int sb_crash_guard_install(const char *log_path) {
    int fd = open(log_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    int previous = log_fd;
    log_fd = fd;
    if (previous >= 0)
        close(previous);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_fatal_signal;
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    const int signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        if (sigaction(signals[i], &action, NULL) != 0)
            return -1;
    return 0;
}

void sb_crash_guard_enter(const char *path) {
    size_t length = strlen(path);
    if (length >= SB_PATH_MAX)
        length = SB_PATH_MAX - 1;
    memcpy(current_path, path, length);
    current_length = length;
}

void sb_crash_guard_leave(void) {
    current_length = 0;
}
