#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro; Swift cannot import it.
static inline int sb_sqlite3_bind_text_transient(sqlite3_stmt *s, int i, const char *t, int n) {
    return sqlite3_bind_text(s, i, t, n, SQLITE_TRANSIENT);
}
static inline int sb_sqlite3_bind_blob_transient(sqlite3_stmt *s, int i, const void *b, int n) {
    return sqlite3_bind_blob(s, i, b, n, SQLITE_TRANSIENT);
}
