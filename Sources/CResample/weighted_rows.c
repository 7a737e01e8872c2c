#include "weighted_rows.h"

#include <string.h>

/* Two versions, picked by the dynamic linker for the CPU (GNU ifunc): AVX2's 8-wide 32-bit
 * multiply does this loop about 4x as fast as the baseline's emulated one. Same results.
 * Not under ThreadSanitizer: the ifunc's resolver runs while the dynamic linker relocates the
 * program, before the sanitizer's runtime is set up, and its instrumented entry crashed every
 * such binary at start (SIGSEGV in __tsan_func_entry). */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SB_THREAD_SANITIZER 1
#endif
#endif

typedef int32_t sb_i32x8 __attribute__((vector_size(32)));
typedef uint8_t sb_u8x8 __attribute__((vector_size(8)));

/* Macros, not functions: a function passing these vectors would need AVX in both clones. */
/* Eight samples from `samples` widened to 32 bits, into `widened`. */
#define SB_WIDEN(widened, samples) do { \
        sb_u8x8 bytes_; \
        memcpy(&bytes_, (samples), sizeof bytes_); \
        (widened) = __builtin_convertvector(bytes_, sb_i32x8); \
    } while (0)

/* Eight sums shifted down and clamped to 0...255, stored as bytes at `out` (the comparisons
 * give -1 where true). */
#define SB_STORE(sums, shift, out) do { \
        sb_i32x8 values_ = (sums) >> (shift); \
        values_ &= ~(values_ < 0); \
        const sb_i32x8 over_ = values_ > 255; \
        values_ = (values_ & ~over_) | (over_ & 255); \
        const sb_u8x8 bytes_ = __builtin_convertvector(values_, sb_u8x8); \
        memcpy((out), &bytes_, sizeof bytes_); \
    } while (0)

/* 32 samples at a time, their sums held in four vector registers over all the taps (not
 * written back to memory after each tap); the last few one by one, with the same arithmetic. */
#ifndef SB_THREAD_SANITIZER
__attribute__((target_clones("avx2", "default")))
#endif
void sb_weighted_rows(const uint8_t *const *rows, const int16_t *weights, int taps, int count,
                      int shift, uint8_t *out) {
    const int32_t half = 1 << (shift - 1);
    int i = 0;
    for (; i + 32 <= count; i += 32) {
        sb_i32x8 a = {0}, b = {0}, c = {0}, d = {0};
        a += half; b += half; c += half; d += half;
        for (int k = 0; k < taps; k++) {
            const uint8_t *row = rows[k] + i;
            const int32_t weight = weights[k];
            sb_i32x8 w, x, y, z;
            SB_WIDEN(w, row);
            SB_WIDEN(x, row + 8);
            SB_WIDEN(y, row + 16);
            SB_WIDEN(z, row + 24);
            a += weight * w;
            b += weight * x;
            c += weight * y;
            d += weight * z;
        }
        SB_STORE(a, shift, out + i);
        SB_STORE(b, shift, out + i + 8);
        SB_STORE(c, shift, out + i + 16);
        SB_STORE(d, shift, out + i + 24);
    }
    for (; i < count; i++) {
        int32_t sum = half;
        for (int k = 0; k < taps; k++)
            sum += weights[k] * rows[k][i];
        const int32_t value = sum >> shift;
        out[i] = value < 0 ? 0 : value > 255 ? 255 : (uint8_t) value;
    }
}
