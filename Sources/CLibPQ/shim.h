// libpq, PostgreSQL's client library (Debian libpq-dev), its header only: libpq is opened on
// first use (CLazyLibraries), so nothing here links it. Debian keeps the header in
// /usr/include/postgresql; its own includes are relative to it. Nothing needs wrapping: the
// functions Shoebox calls are neither variadic nor macros.
#include <postgresql/libpq-fe.h>
