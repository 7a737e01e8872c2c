#ifndef SB_VIPS_LAZY_H
#define SB_VIPS_LAZY_H

/* libvips opened on first use instead of at exec (x86_64): the dynamic linker binds libvips's
 * 125 libraries, which Debian links with BIND_NOW, only in a process that decodes or encodes
 * an image, not in one that lists the catalog or prints its help (20 of 25 ms of CPU).
 *
 * Every libvips function Shoebox calls is a hidden trampoline (vips_functions.def) that jumps
 * through a table; the first call through any of them opens libvips.so.N (its SONAME, from
 * vips/version.h) and fills the table. A process that cannot open it ends with a message
 * naming the library and the dynamic linker's reason: no libvips call can go on without it. */

/* Opens libvips and resolves every function, once; returns 0, or ends the process as above. */
int sb_vips_lazy_load(void);

#endif
