// xxHash's XXH3-128: the content hash of every source file.
#include <xxhash.h>
