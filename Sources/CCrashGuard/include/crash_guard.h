// Remembers, per thread, which file a C decoder is working on, and writes that file's path to
// a log if the process dies of a fatal signal there (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT),
// or if the work outlasts its time budget (the watchdog then ends the process, status 124).
// The next run reads the log and records the file as crashed instead of decoding it again.
// SIGKILL cannot be caught: for it, a supervisor shares an in-flight table with its child
// (below) and reads after the child's death which files were being worked on.
#ifndef SHOEBOX_CRASH_GUARD_H
#define SHOEBOX_CRASH_GUARD_H

/* Opens (appending) the crash log and installs the handlers; 0 on success. A later call
 * switches to another log (one library per run); NULL: no log (nothing is recorded). */
int sb_crash_guard_install(const char *log_path);
/* What the process says on stderr when the guard ends it: "shoebox: stopped: a file went over
 * its time budget: PATH" or "shoebox: stopped: a C library crashed on PATH (SIGNAL)", then
 * `after_timeout` or `after_crash` (copied, at most 1023 bytes). Both NULL: nothing (a process
 * run by `shoebox ingest`'s supervisor, which names the file itself). Until set: the line
 * alone. */
void sb_crash_guard_set_notice(const char *after_timeout, const char *after_crash);
/* The calling thread starts working on `path` (copied; longer paths are cut at 16383 bytes).
 * With a budget above 0, a watchdog ends the process if the work lasts longer than that
 * many seconds (ten times that in a ThreadSanitizer build, which runs that much slower),
 * after writing "timeout<TAB>path" to the log. */
void sb_crash_guard_enter(const char *path, int budget_seconds);
/* The calling thread is done with its file. */
void sb_crash_guard_leave(void);
/* The calling thread's budget starts again from now: the time it waited for its turn (for
 * memory, `DecodeMemoryGate`) was not its file's work. */
void sb_crash_guard_restart_budget(void);

/* The in-flight table: which files the threads of a supervised child are working on, in a
 * memory file the supervisor makes (`sb_in_flight_create`, before starting the child) and the
 * child maps (`sb_in_flight_share`, before any work), so that it outlives a child killed by
 * SIGKILL (the kernel's out-of-memory killer), which no handler sees. */
/* The table's memory file (not closed on exec), every entry empty; -1 with errno on failure. */
int sb_in_flight_create(void);
/* In the child: the guard keeps its slots (the files `sb_crash_guard_enter` names until
 * `_leave`) in `fd`'s table from now on; 0 on success. */
int sb_in_flight_share(int fd);
/* In the supervisor, once the child is gone: the path of entry `index` (0 up to
 * `sb_in_flight_capacity()`) copied into `buffer`, its length, or -1 for an empty entry. */
int sb_in_flight_capacity(void);
long sb_in_flight_path(int fd, int index, char *buffer, unsigned long capacity);
/* Empties every entry and the progress, before the next child starts; 0 on success. */
int sb_in_flight_clear(int fd);
/* The table also carries the command's progress, for the supervisor to say after a stop how
 * far the command got. In the child (before sharing: this process's own memory): the files
 * done so far, and the files the count ahead of the walk found. Lock-free; any thread. */
void sb_in_flight_set_done(long long done);
void sb_in_flight_set_counted(long long counted);
/* In the supervisor: the progress the child last set (`counted` -1 when not known); 0 on
 * success. */
int sb_in_flight_progress(int fd, long long *done, long long *counted);

#endif
