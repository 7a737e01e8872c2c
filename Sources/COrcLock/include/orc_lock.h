#ifndef SB_ORC_LOCK_H
#define SB_ORC_LOCK_H

/* orc 0.4.33 (Debian 12) changes its list of code memory outside its own lock: a compile
 * takes a free chunk under the lock but splits it after letting go, and freeing a program
 * merges chunks with no lock at all. libvips compiles orc programs whenever it builds a resize
 * and frees them when the resize goes, so the ingest's workers, building and dropping resizes
 * side by side, corrupted the heap (docs/BENCHMARKS.md, "the heap corruption is orc's").
 *
 * This layer defines orc_program_compile and orc_program_free, the two calls through which
 * libvips makes and frees orc code. The dynamic linker binds libvips's calls to these (the
 * executable comes first), and each runs orc's own under one lock of this layer's, so no two
 * run at once. orc takes its own lock inside them, always after this one: no deadlock with an
 * orc that locks more. */

/* 1 when libvips's calls to orc_program_compile and orc_program_free reach this layer; 0 when
 * they do not (orc's would run unserialised: this process was not linked with this layer, or
 * its program does not export them). libvips's start asks, and turns orc off when they do not. */
int sb_orc_calls_are_serialised(void);

#endif
