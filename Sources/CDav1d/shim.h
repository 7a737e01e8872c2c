/* dav1d's header only: the library is opened on first use (CLazyLibraries), so nothing here
 * links it. */
#include <dav1d/dav1d.h>

/* DAV1D_ERR(EAGAIN), which Swift cannot import: the decoder wants more data or a get first. */
static inline int sb_dav1d_again(void) { return DAV1D_ERR(EAGAIN); }
