#ifndef SB_LAZY_LIBRARIES_H
#define SB_LAZY_LIBRARIES_H

/* Libraries opened on first use instead of at exec (x86_64): the dynamic linker binds a
 * library's dependencies, which Debian links with BIND_NOW, only in a process that needs it.
 * libvips's 125 libraries cost a command that opens no image 20 of its 25 ms of CPU; libpq's 19
 * (TLS, Kerberos, LDAP) a third of what was left, in every command without a PostgreSQL
 * catalog; LibRaw (with libgomp), libde265 and dav1d half a millisecond more.
 *
 * Every function of such a library that Shoebox calls is a hidden trampoline (NAME_functions.def)
 * that jumps through a table; the first call through any of them opens the library by its
 * SONAME and fills the table. A process that cannot open it ends with a message naming the
 * library and the dynamic linker's reason: no call can go on without it. Elsewhere than x86_64
 * the libraries are linked as usual and these return at once.
 *
 * Each opens its library and resolves every function of its list, once; returns 0, or ends the
 * process as above. */
int sb_vips_lazy_load(void);    /* libvips.so.N, N from vips/version.h */
int sb_libpq_lazy_load(void);   /* libpq.so.5 */
int sb_libraw_lazy_load(void);  /* libraw_r.so.N, N from libraw/libraw_version.h */
int sb_de265_lazy_load(void);   /* libde265.so.0 */
int sb_dav1d_lazy_load(void);   /* libdav1d.so.N, N from dav1d/version.h */

#endif
