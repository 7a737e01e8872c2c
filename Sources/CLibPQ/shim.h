// libpq, PostgreSQL's client library (Debian libpq-dev, pkg-config `libpq`). Nothing needs
// wrapping yet: the functions Shoebox calls are neither variadic nor macros.
#include <libpq-fe.h>
