/* glibc's allocator controls (mallopt), which the Glibc module does not carry. */
#include <malloc.h>
