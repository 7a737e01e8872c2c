#include "weighted_rows.h"

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
#ifndef SB_THREAD_SANITIZER
__attribute__((target_clones("avx2", "default")))
#endif
void sb_weighted_rows(const uint8_t *const *rows, const int16_t *weights, int taps, int count,
                      int shift, int32_t *sums, uint8_t *out) {
    const int32_t half = 1 << (shift - 1);
    for (int i = 0; i < count; i++)
        sums[i] = half;
    for (int k = 0; k < taps; k++) {
        const uint8_t *row = rows[k];
        const int32_t weight = weights[k];
        for (int i = 0; i < count; i++)
            sums[i] += weight * row[i];
    }
    for (int i = 0; i < count; i++) {
        const int32_t value = sums[i] >> shift;
        out[i] = value < 0 ? 0 : value > 255 ? 255 : (uint8_t) value;
    }
}
