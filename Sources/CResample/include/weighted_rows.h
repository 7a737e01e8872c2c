#ifndef SB_WEIGHTED_ROWS_H
#define SB_WEIGHTED_ROWS_H

#include <stdint.h>

/* One output row of a separable filter's pass over 8-bit samples, in fixed point:
 *
 *     out[i] = clamp((sum over k < taps of weights[k] * rows[k][i] + half) >> shift, 0, 255)
 *
 * for i < count, with half = 1 << (shift - 1).
 * The sums must fit an int32: with 14-bit weights that sum to 1 << 14, any number of taps does.
 *
 * Why C: it is the inner loop of Shoebox's thumbnail fit (Lanczos3Resampler), and the compiler
 * vectorises it for the CPU at hand, AVX2 where there is one, chosen when the program loads;
 * Swift compiles for the x86-64 baseline (SSE2), which has no 32-bit multiply. */
void sb_weighted_rows(const uint8_t *const *rows, const int16_t *weights, int taps, int count,
                      int shift, uint8_t *out);

#endif
