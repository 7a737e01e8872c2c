#!/usr/bin/env python3
"""Counts where an ingest's threads go to sleep, by pipeline role and by what they wait on.

    perf record -o sleeps.data -e sched:sched_switch --call-graph dwarf,16384 -- \\
        shoebox ingest ... > /dev/null
    perf script -i sleeps.data -F comm,pid,tid,time,event,trace,ip,sym,dso > sleeps.txt
    scripts/sleeps-by-role.py sleeps.txt FILES

Every switch-out that is not a preemption (prev_state other than R) is a sleep; the process
with the most of them is the ingest (a supervised ingest's child). A thread's role is the
stage whose StageRunner closure its stacks show (Decode, Thumbnail, ...), `libvips` for
libvips's own worker threads, `main` for the catalog writer; what it waits on is the first
frame of the stack that names a wait (a queue's pop or push, libvips's thread pool, a lock).
Stacks that perf could not unwind count as `unresolved`. Prints sleeps per file (FILES: how
many files the ingest took) by role, then the most frequent (role, wait) pairs.
"""
import collections, re, sys

HEADER = re.compile(r'^(\S.*?)\s+(\d+)/(\d+)\s+(\d+\.\d+):\s+(\S+):\s*(.*)$')
WAITS = [('BlockingQueueC3pop', 'queue pop'), ('BlockingQueueC4push', 'queue push'),
         ('DecodeMemoryGate', 'decode memory gate'), ('ReadAheadBudget', 'read-ahead budget'),
         ('vips_threadpool_run', 'libvips pool: the caller waits'), ('vips_sink_disc', 'libvips sink_disc'),
         ('vips_semaphore_down', 'libvips semaphore'), ('g_cond_wait_until', 'libvips idle worker'),
         ('fsync', 'fsync'), ('fdatasync', 'fsync'), ('_dispatch_worker_thread', 'dispatch idle')]

def role_of(frames, comm):
    if comm.startswith('libvips'):
        return 'libvips'
    for frame in frames:
        found = re.search(r'AA0\d([A-Z][a-z]+)B0V', frame)
        if found and 'StageRunner' in frame:
            return found.group(1)
        if 'CatalogWriter' in frame or 'IngestPipelineC3run' in frame:
            return 'main'
    return None

def wait_of(frames):
    for frame in frames:
        for needle, name in WAITS:
            if needle in frame:
                return name
    return 'unresolved' if len(frames) < 4 else 'other: ' + ' < '.join(frames[:3])

def main(path, files):
    sleeps, roles, events = [], {}, None
    for line in open(path, errors='replace'):
        match = HEADER.match(line)
        if match:
            comm, pid, tid, _, event, trace = match.groups()
            events = (comm, int(pid), int(tid), event, trace, [])
            state = re.search(r'prev_state=(\S+)', trace)
            if event == 'sched:sched_switch' and state and not state.group(1).startswith('R'):
                sleeps.append(events)
        elif events and line.strip():
            parts = line.strip().split(None, 1)
            if len(parts) == 2 and 'kallsyms' not in parts[1]:
                events[5].append(parts[1].rsplit(' (', 1)[0])
    ingest = collections.Counter(pid for (_, pid, *_) in sleeps).most_common(1)[0][0]
    sleeps = [s for s in sleeps if s[1] == ingest]
    for comm, _, tid, _, _, frames in sleeps:
        roles.setdefault(tid, role_of(frames, comm))
    by_role = collections.Counter(roles.get(tid) or '?' for (_, _, tid, *_) in sleeps)
    pairs = collections.Counter((roles.get(tid) or '?', wait_of(frames)) for (_, _, tid, _, _, frames) in sleeps)
    print('sleeps per file: %.1f (%d over %d files)' % (len(sleeps) / files, len(sleeps), files))
    print('by role: ' + ', '.join('%s %.1f' % (role, count / files) for role, count in by_role.most_common()))
    for (role, wait), count in pairs.most_common(15):
        print('  %5.1f  %-10s %s' % (count / files, role, wait))

if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: sleeps-by-role.py PERF_SCRIPT_OUTPUT FILES')
    main(sys.argv[1], int(sys.argv[2]))
