#ifndef SB_LAZY_LIBRARIES_H
#define SB_LAZY_LIBRARIES_H

/* Libraries opened on first use instead of at exec (x86_64): the dynamic linker binds a
 * library's dependencies, which Debian links with BIND_NOW, only in a process that needs it.
 * libvips's 125 libraries cost a command that opens no image 20 of its 25 ms of CPU; libpq's 19
 * (TLS, Kerberos, LDAP) cost every command that does not use a PostgreSQL catalog a third of
 * what is left.
 *
 * Every function of such a library that Shoebox calls is a hidden trampoline
 * (vips_functions.def, libpq_functions.def) that jumps through a table; the first call through
 * any of them opens the library by its SONAME and fills the table. A process that cannot open
 * it ends with a message naming the library and the dynamic linker's reason: no call can go on
 * without it. Elsewhere than x86_64 the libraries are linked as usual and these return at once. */

/* Opens libvips (libvips.so.N, N from vips/version.h) and resolves every function, once;
 * returns 0, or ends the process as above. */
int sb_vips_lazy_load(void);

/* Opens libpq (libpq.so.5) and resolves every function, once; returns 0, or ends the process. */
int sb_libpq_lazy_load(void);

#endif
