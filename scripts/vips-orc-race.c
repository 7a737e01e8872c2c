/* libvips's orc code made and freed on several threads at once (issue 14's heap corruption).
 *
 *   gcc -O2 -o vips-orc-race scripts/vips-orc-race.c $(pkg-config --cflags --libs vips) -lpthread
 *   NT=4 ./vips-orc-race 5000            # orc 0.4.33 as it is: crashes (orc's code memory)
 *   NT=4 NOVECTOR=1 ./vips-orc-race 5000 # libvips's C loops, no orc: prints "done"
 *   gcc -O2 -o vips-orc-race-locked scripts/vips-orc-race.c Sources/COrcLock/orc_lock.c \
 *       -ISources/COrcLock/include $(pkg-config --cflags --libs vips) -lpthread
 *   NT=4 ./vips-orc-race-locked 5000     # orc's compile and free one at a time: prints "done"
 *
 * NT threads (default 4) each build and drop ITERATIONS vertical reductions (vips_reducev, what
 * every resize runs) of a small image, computing no pixel. Each build compiles orc programs and
 * each drop frees them; orc 0.4.33 changes its code memory outside its lock in both
 * (docs/BENCHMARKS.md, "the heap corruption is orc's"). Shoebox links COrcLock, which
 * serialises the two calls. */
#include <vips/vips.h>
#include <vips/vector.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int iterations;

static void *work(void *unused) {
    static const char grey[64 * 64 * 3];
    VipsImage *tile = vips_image_new_from_memory_copy(grey, sizeof grey, 64, 64, 3, VIPS_FORMAT_UCHAR);
    for (int i = 0; i < iterations; i++) {
        VipsImage *out = NULL;
        if (vips_reducev(tile, &out, 1.5 + (i % 7) * 0.25, NULL)) {
            fprintf(stderr, "%s\n", vips_error_buffer());
            vips_error_clear();
            continue;
        }
        g_object_unref(out);
    }
    g_object_unref(tile);
    return unused;
}

int main(int argc, char **argv) {
    if (argc < 2 || VIPS_INIT(argv[0]))
        return 1;
    vips_cache_set_max(0);
    if (getenv("NOVECTOR"))
        vips_vector_set_enabled(FALSE);
    iterations = atoi(argv[1]);
    int threads = getenv("NT") ? atoi(getenv("NT")) : 4;
    pthread_t thread[16];
    threads = threads < 1 ? 1 : threads > 16 ? 16 : threads;
    for (int k = 0; k < threads; k++)
        pthread_create(&thread[k], NULL, work, NULL);
    for (int k = 0; k < threads; k++)
        pthread_join(thread[k], NULL);
    printf("done %d x %d (orc %s)\n", iterations, threads, vips_vector_isenabled() ? "on" : "off");
    return 0;
}
