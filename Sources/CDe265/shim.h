/* libde265's header only: the library is opened on first use (CLazyLibraries), so nothing here
 * links it. */
#include <libde265/de265.h>
