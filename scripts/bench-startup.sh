#!/usr/bin/env bash
# Where an ingest's start-up goes, old build against new, round by round.
#
#   scripts/bench-startup.sh OLD NEW LIST ROUNDS
#
# OLD and NEW are shoebox executables (release builds of two commits); LIST a file naming the
# files to ingest, one a line. Each round runs `shoebox ingest FILES --library FRESH
# --pipeline bench-256 --jobs 2` (as scripts/bench.sh does) with each build, which one goes
# first alternating by round, under `perf record` with the scheduler's tracepoints and uprobes
# on libc, SQLite, libvips, GModule and libjpeg (made here with `perf probe`; left in place,
# `perf probe -d 'probe_*'` removes them). Needs root (uprobes).
#
# Prints per build the medians, in ms, and the per-round NEW/OLD ratios of:
#   cp_startup      the start-up's critical path in CPU time, to the pipeline's first thread:
#                   the supervisor's CPU to its fork, then the ingest child's; for a child that
#                   starts libvips on a thread of its own (VipsStartup), the longer of that
#                   thread's CPU and the main thread's until it waits for it, plus the main
#                   thread's after the wait. On a loaded machine, what the start would take
#                   on an idle one with a core for each of the two threads.
#   sup             the supervisor's CPU from execve to the fork of its child
#   child           the child's main thread to the pipeline (old), or to libvips's thread (new)
#   main_beside     the child's main thread from libvips's thread's start to its wait for it
#                   (pthread_join): the lock and the catalog
#   vips_thread     libvips's thread (vips_init, the HEIF and JPEG XL modules)
#   after_join      the child's main thread from the end of its wait (libvips's thread's end,
#                   or its call to wait if later) to the pipeline
#   cpu_all         CPU of every process of the command (sched_stat_runtime)
#   wall_first      execve to the first jpeg_read_header (wall: only meaningful when quiet)
#   wall_total      execve to the supervisor's exit (wall: likewise)
# CPU comes from sched:sched_stat_runtime events, each charged at its timestamp: a phase's
# figure can be off by one scheduler tick (4 ms) at its edges; take medians of many rounds.
set -euo pipefail

[[ $# -eq 4 ]] || { echo "usage: $0 OLD NEW LIST ROUNDS" >&2; exit 2; }
old="$(realpath "$1")"; new="$(realpath "$2")"; list="$(realpath "$3")"; rounds=$4
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export SHOEBOX_PIPELINES="$root/pipelines" VIPS_CONCURRENCY=1
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
lib=/usr/lib/x86_64-linux-gnu

probe() { perf probe -q -x "$1" "$2" 2> /dev/null || true; }
probe "$lib/libjpeg.so.62" jpeg_read_header
probe "$lib/libsqlite3.so.0" sqlite3_open_v2
probe "$lib/libvips.so.42" vips_init
probe "$lib/libvips.so.42" vips_block_untrusted_set
probe "$lib/libc.so.6" pthread_join
events=sched:sched_stat_runtime,sched:sched_process_exec,sched:sched_process_fork,sched:sched_process_exit
events+=,probe_libjpeg:jpeg_read_header,probe_libsqlite3:sqlite3_open_v2,probe_libvips:vips_init
events+=,probe_libvips:vips_block_untrusted_set,probe_libc:pthread_join

one() {   # one BUILD NAME: one traced ingest into $work/NAME.txt
    rm -rf "$work/library"
    perf record -q -o "$work/perf.data" -e "$events" -- \
        xargs -a "$list" -d '\n' "$1" ingest --library "$work/library" --pipeline bench-256 --jobs 2 > /dev/null 2>&1
    perf script -i "$work/perf.data" -F comm,tid,time,event,trace 2> /dev/null > "$work/$2.txt"
}
for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then one "$old" "old-$round"; one "$new" "new-$round"
    else one "$new" "new-$round"; one "$old" "old-$round"; fi
    echo "bench-startup: round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done

python3 - "$work" "$rounds" <<'EOF'
import re, statistics as st, sys
work, rounds = sys.argv[1], int(sys.argv[2])
line = re.compile(r'^\s*(.*?)\s+(\d+)\s+(\d+\.\d+):\s+(\S+):\s*(.*)$')

def phases(path):
    ev = [(float(t), int(tid), e, rest, comm) for comm, tid, t, e, rest in
          (m.groups() for m in map(line.match, open(path)) if m)]
    pid = lambda x: int(re.search(r'child_pid=(\d+)', x[3]).group(1))
    runtime = lambda x: int(re.search(r'runtime=(\d+)', x[3]).group(1)) / 1e6
    cpu = lambda tid, a, b: sum(runtime(x) for x in ev
                                if x[1] == tid and x[2] == 'sched:sched_stat_runtime' and a < x[0] <= b)
    start = [x for x in ev if x[2] == 'sched:sched_process_exec' and 'xargs' not in x[4]][-1]
    t0, sup = start[0], start[1]
    fork = [x for x in ev if x[2] == 'sched:sched_process_fork' and x[1] == sup][0]
    child = pid(fork)
    threads = [x for x in ev if x[2] == 'sched:sched_process_fork' and x[1] == child]
    first = pid(threads[0])
    decodes = [x[0] for x in ev if x[2] == 'probe_libjpeg:jpeg_read_header']
    end = [x[0] for x in ev if x[1] == sup and x[2] == 'sched:sched_process_exit'][-1]
    a = cpu(sup, t0, fork[0])
    r = dict(sup=a, cpu_all=sum(runtime(x) for x in ev if x[2] == 'sched:sched_stat_runtime' and 'xargs' not in x[4]),
             wall_first=(decodes[0] - t0) * 1000, wall_total=(end - t0) * 1000)
    if any(x[1] == first and x[2] == 'probe_libvips:vips_init' for x in ev):   # libvips on a thread of its own
        ended = [x[0] for x in ev if x[1] == first and x[2] == 'sched:sched_process_exit'][0]
        waited = [x[0] for x in ev if x[1] == child and x[2] == 'probe_libc:pthread_join' and x[0] > threads[0][0]][0]
        pipeline = [x[0] for x in threads if x[0] > ended][0]
        b, m, v = cpu(child, fork[0], threads[0][0]), cpu(child, threads[0][0], waited), cpu(first, 0, 1e18)
        c = cpu(child, max(waited, ended), pipeline)
        r.update(cp_startup=a + b + max(m, v) + c, child=b, main_beside=m, vips_thread=v, after_join=c)
    else:
        b = cpu(child, fork[0], threads[0][0])
        r.update(cp_startup=a + b, child=b, main_beside=0, vips_thread=0, after_join=0)
    return r

old = [phases(f'{work}/old-{i}.txt') for i in range(1, rounds + 1)]
new = [phases(f'{work}/new-{i}.txt') for i in range(1, rounds + 1)]
for key in ['cp_startup', 'sup', 'child', 'main_beside', 'vips_thread', 'after_join', 'cpu_all', 'wall_first', 'wall_total']:
    o, n = [r[key] for r in old], [r[key] for r in new]
    ratios = ' '.join('%.2f' % (y / x) if x else '-' for x, y in zip(o, n))
    print(f'{key:12s} old {st.median(o):8.1f}  new {st.median(n):8.1f}  new/old by round: {ratios}')
EOF
