// The C half of `shoebox ingest`'s supervision: the ingest runs in a child process that a
// crashing decoder may kill, and a parent that starts it again. Signal handlers and prctl(2)
// are C (prctl is variadic, and a handler must be async-signal-safe).
#ifndef SHOEBOX_PROCESS_SUPERVISION_H
#define SHOEBOX_PROCESS_SUPERVISION_H

#include <sys/types.h>

/* In the child, first thing: asks the kernel to SIGKILL this process when its parent dies,
 * then checks that the parent is still `parent` (it may have died before the request).
 * 0 when supervised by a live parent; -1 when the parent is gone (the caller should exit). */
int sb_supervised_child_setup(pid_t parent);

/* First thing in every shoebox process, on the main thread: SIGINT, SIGTERM, SIGHUP and
 * SIGQUIT (Ctrl-\) end the process by their default action. Swift's runtime catches SIGQUIT
 * as a crash, prints a backtrace and then lets the process run on: SIGQUIT gets its default
 * action back (unless it was ignored when the process started: nohup, a background job).
 * And a mask blocking them that the parent handed down (a test runner's worker thread does)
 * is lifted, so they are not left pending for ever. */
void sb_restore_stop_signals(void);

/* Names the calling process (its main thread) `name`, as ps(1) and pgrep(1) show it: the
 * kernel keeps 15 bytes. 0, or -1 when the kernel refuses. */
int sb_set_process_name(const char *name);

/* In the parent, on the thread that starts and waits for the children: SIGINT, SIGTERM,
 * SIGHUP and SIGQUIT (those not ignored) are from now on forwarded to the current child, and
 * remembered; they are unblocked on this thread, so children started from it get them too. */
void sb_supervisor_install(void);
/* The child signals go to; 0 while there is none. A termination signal that arrived while
 * there was no child is sent to the new one at once. */
void sb_supervisor_set_child(pid_t child);
/* The last termination signal the parent received, or 0: the user wants the run to stop,
 * so a child that dies is not started again. */
int sb_supervisor_received_signal(void);
/* A descriptor that becomes readable when the handler of sb_supervisor_install has received a
 * signal (it writes a byte to a pipe), for a supervisor that waits in poll(2) and must not
 * miss a signal that comes just before it starts waiting; -1 when no pipe can be made. Call
 * it before sb_supervisor_install. */
int sb_supervisor_wake_fd(void);
/* In the parent, on the thread that called sb_supervisor_install: starts the child as a copy
 * of this process (fork(2), no exec), which skips a second start of the executable (the
 * dynamic linker's work over libvips's ~125 libraries, the Swift runtime's start). Only when
 * this process has no other thread: a copy of a process with other threads may inherit a lock
 * one of them held, and hang; then nothing is started and SB_FORK_HAS_THREADS is returned, for
 * the caller to start the executable anew. The child is left as exec(2) would leave it: the
 * forwarding handlers back to their default actions (an ignored signal stays ignored),
 * descriptors marked close-on-exec closed, the signal mask the parent's; buffered C output is
 * flushed first, so that it is not written twice. Returns the child's pid in the parent, 0 in
 * the child, -1 (errno set) when fork fails. */
#define SB_FORK_HAS_THREADS (-2)
pid_t sb_supervisor_fork(void);
/* In a child that sb_supervisor_fork started: runs `body` on a new thread and ends the
 * process with its status (exit(3)), the calling thread only waiting. Never returns.
 * Why: the Swift runtime's lock behind every lazy initialisation (swift::once on Linux) is a
 * priority-inheritance futex that stores its owner's thread id, which the runtime caches per
 * thread (`ulock_get_tid`); a forked child's first thread keeps its parent's cached id, so a
 * lazy initialisation it holds while another thread waits makes the kernel look for an owner
 * that is not in this process, and both threads spin forever (seen under ThreadSanitizer, 3
 * threads in swift::threading_impl::once_slow). A new thread caches its own id. */
_Noreturn void sb_supervised_child_run(int (*body)(void));
/* Runs `body` on a new thread with a stack as large as the main thread's and returns its
 * result; -1 when no thread can be started. */
int sb_call_on_fresh_thread(int (*body)(void));
/* Whether this process has exactly one thread that runs code now (1) or not, or cannot tell
 * (0): as sb_process_has_one_thread, not counting a first thread that sb_supervised_child_run
 * parked (it only waits, in C: it reads no environment and takes no lock). */
int sb_process_has_one_working_thread(void);
/* The calling thread's id (gettid(2)). */
int sb_thread_id(void);

/* Whether this process has exactly one thread now (1) or not, or cannot tell (0): a process
 * alone may write its environment, which other threads' getenv(3) would read unlocked. */
int sb_process_has_one_thread(void);

/* In a queue worker (a PostgreSQL catalog's ingest): SIGINT, SIGTERM and SIGHUP (those not
 * ignored) no longer end the process at once; they are remembered, for the worker to stop
 * claiming, finish the files in hand, give back its other claims, and then end by the
 * signal (`sb_die_of`). SIGQUIT still ends it at once. */
void sb_stop_requests_install(void);
/* The stop signal received since `sb_stop_requests_install`, or 0. */
int sb_stop_requested(void);
/* Ends the process by `signal_number`'s default action (as if it had not been caught). */
void sb_die_of(int signal_number);

#endif
