/* Stress for computing libvips pipelines on threads libvips did not start (issue 14, branch idle).
 *
 *   gcc -O2 -o vips-threads-stress scripts/vips-threads-stress.c $(pkg-config --cflags --libs vips) -lpthread
 *   NT=4 GLIBC_TUNABLES=glibc.malloc.perturb=165 ./vips-threads-stress MODE ITERATIONS JPEG...
 *
 * NT threads (default 2), none of them libvips's, each fit JPEGs into 256 px ITERATIONS times,
 * as the ingest does (1/8 shrink-on-load, a copy marked as read in order, resize, sRGB) and
 * encode the fit. MODE 0 computes the fit on the calling thread in strips of full rows (branch
 * idle's sb_vips_compute_here); MODE 1 with vips_image_copy_memory (libvips's own pool, main).
 * A heap corruption ends the process with glibc's message (docs/BENCHMARKS.md). */
#include <vips/vips.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int use_pool = 0, iterations = 2000;
static size_t sizes[200]; static void *datas[200]; static int nfiles = 0;

static VipsImage *compute_here(VipsImage *in) {
    VipsImage *out = vips_image_new_memory();
    if (vips_image_pipelinev(out, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL) || vips_image_write_prepare(out)) { g_object_unref(out); return NULL; }
    VipsRegion *from = vips_region_new(in), *to = vips_region_new(out);
    int tw, th, nl; vips_get_tile_size(in, &tw, &th, &nl);
    int rc = from && to ? 0 : -1;
    for (int top = 0; rc == 0 && top < in->Ysize; top += th) {
        VipsRect s = { 0, top, in->Xsize, VIPS_MIN(th, in->Ysize - top) };
        rc = vips_region_image(to, &s) || vips_region_prepare_to(from, to, &s, 0, top) ? -1 : 0;
    }
    if (from) g_object_unref(from);
    if (to) g_object_unref(to);
    if (rc) { g_object_unref(out); return NULL; }
    return out;
}

static void *work(void *arg) {
    long id = (long) arg;
    for (int i = 0; i < iterations; i++) {
        int f = (int) ((i * 7 + id * 3) % nfiles);
        VipsImage *load = NULL, *copy = NULL, *fit = NULL, *srgb = NULL, *kept = NULL;
        if (vips_jpegload_buffer(datas[f], sizes[f], &load, "shrink", 8, "access", VIPS_ACCESS_SEQUENTIAL, NULL)) { fprintf(stderr, "load %s\n", vips_error_buffer()); vips_error_clear(); continue; }
        if (!vips_copy(load, &copy, NULL)) {
            vips_image_set_int(copy, "vips-sequential", 1);
            double scale = 256.0 / VIPS_MAX(copy->Xsize, copy->Ysize);
            if (!vips_resize(copy, &fit, scale, NULL) && !vips_colourspace(fit, &srgb, VIPS_INTERPRETATION_sRGB, NULL)) {
                kept = use_pool ? vips_image_copy_memory(srgb) : compute_here(srgb);
                if (kept) vips_image_set_int(kept, "vips-sequential", 1);
            }
        }
        if (kept) {   /* encode on this thread's caller, as the thumbnail stage does */
            void *buf = NULL; size_t len = 0;
            if (!vips_jpegsave_buffer(kept, &buf, &len, "Q", 80, NULL)) g_free(buf);
        }
        VipsImage *all[] = { kept, srgb, fit, copy, load };
        for (int k = 0; k < 5; k++) if (all[k]) g_object_unref(all[k]);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (VIPS_INIT(argv[0])) return 1;
    vips_cache_set_max(0); vips_concurrency_set(1);
    use_pool = atoi(argv[1]); iterations = atoi(argv[2]);
    for (int i = 3; i < argc && nfiles < 200; i++) {
        gchar *d; gsize n; if (!g_file_get_contents(argv[i], &d, &n, NULL)) continue;
        datas[nfiles] = d; sizes[nfiles++] = n;
    }
    int nt = getenv("NT") ? atoi(getenv("NT")) : 2; pthread_t t[16];
    for (long k = 0; k < nt; k++) pthread_create(&t[k], NULL, work, (void *) k);
    for (int k = 0; k < nt; k++) pthread_join(t[k], NULL);
    printf("done %d x %d (%s)\n", iterations, nt, use_pool ? "pool" : "here");
    return 0;
}
