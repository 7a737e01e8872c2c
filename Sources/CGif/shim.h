// giflib: GIF structure (frames, delays, loop count) read without decoding pixels.
#include <stddef.h>
#include <gif_lib.h>
