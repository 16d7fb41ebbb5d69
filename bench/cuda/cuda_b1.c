/* cuda_b1 — the physical limit under bench/b14's B1: the same T daxpy-like
 * regions (kernels.cu, b14.c's REGION_BODY), issued by one host thread
 * straight through the CUDA Driver API, no OpenMP runtime in between.
 *
 *   cuda_b1 --n N --t T --async 0|1 [--reps R] [--kernel tri|lin] [--streams S]
 *       async 0: launch, cuStreamSynchronize, T times (b14's sync B1);
 *       async 1: T launches spread round-robin over S streams (default 32,
 *       the pool LLVM's CUDA plugin starts with), one cuCtxSynchronize.
 *       Prints b14's CSV line: B1,n,t,async,kernel,median_us,per_offload_us
 *   cuda_b1 --async 0|1 --ns N1,N2,... --ts T1,T2,... [--from K] [...]
 *       the grid in one process, N outer, one such line per cell, skipping
 *       the first K cells (as bench/b14's --ns/--ts)
 *   cuda_b1 --roundtrip [--reps R]
 *       an empty kernel (1 block, 1 thread) + cuStreamSynchronize, R times
 *       (default 2000): RT,0,1,0,empty,median_us,median_us
 *   cuda_b1 --kernels
 *       test/devicertl/timing/kernel_times.c's triad (a = b + 3c) and B1's
 *       K (b += 2c, b14_region with kernel lin) on 2^24 device-resident
 *       doubles, one element per thread, launch + cuStreamSynchronize timed
 *       30 times as that program times its regions; prints its CSV lines
 *       (cuda,<kernel>,median_us,min_us) and OK once both results match
 *       the host's
 *   cuda_b1 --check   small verified runs of both variants and kernels, and a
 *                     short round trip; prints "OK: all variants verified"
 *
 * Data as b14: X (N) and Y (rows x N, rows = T unless T*N > 2^25) live on
 * the device before timing; region t updates row t % rows; each rep resets
 * Y (untimed); the last rep is checked against a host reference. Exit 77
 * with "SKIPPED: ..." when there is no CUDA device; 1 with FAIL on a wrong
 * answer or a CUDA error. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/list.h"
#include "cuda_driver.h"

#define MAX_Y_ELEMS (1L << 25)
#define MAX_STREAMS 1024
#define BLOCK 128 /* threads per block, LLVM 19's default team size on nvptx */

/* kernels.cubin, embedded at build time (CMakeLists.txt). */
static const unsigned char kernels_cubin[] __attribute__((aligned(8))) = {
#include "kernels_cubin.inc"
};

static CUfunction region_fn, empty_fn, triad_fn;

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *p, const void *q) {
  double a = *(const double *)p, b = *(const double *)q;
  return (a > b) - (a < b);
}

static double median(double *v, int n) {
  qsort(v, n, sizeof(double), cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void launch_region(double a, CUdeviceptr x, CUdeviceptr y, long off, int n, int tri,
                          CUstream stream) {
  void *args[] = {&a, &x, &y, &off, &n, &tri};
  cuda_check(cu.launch_kernel(region_fn, (n + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0, stream,
                              args, NULL),
             "cuLaunchKernel(b14_region)");
}

static void host_region(double a, const double *x, double *y, int n, int tri) {
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = tri ? 0 : i; j <= i; ++j)
      s += x[j];
    y[i] = y[i] + a * s;
  }
}

/* One B1 variant, `reps` timed calls; returns 0 when the last rep is right. */
static int run_b1(int async, int n, int t, int reps, int tri, int nstreams, double *med) {
  const double a = 1.0 / 1024;
  long rows = t;
  if (rows * n > MAX_Y_ELEMS)
    rows = MAX_Y_ELEMS / n > 0 ? MAX_Y_ELEMS / n : 1;
  long ylen = rows * n;
  double *x0 = malloc(sizeof(double) * n), *y0 = malloc(sizeof(double) * ylen);
  double *y = malloc(sizeof(double) * ylen), *times = malloc(sizeof(double) * reps);
  if (!x0 || !y0 || !y || !times) {
    printf("FAIL: out of host memory\n");
    exit(1);
  }
  for (int i = 0; i < n; ++i)
    x0[i] = 1.0 + (i % 7) / 8.0;
  for (long i = 0; i < ylen; ++i)
    y0[i] = (double)(i % 11) / 4.0;

  CUdeviceptr dx, dy;
  cuda_check(cu.mem_alloc(&dx, sizeof(double) * n), "cuMemAlloc(x)");
  cuda_check(cu.mem_alloc(&dy, sizeof(double) * ylen), "cuMemAlloc(y)");
  cuda_check(cu.memcpy_htod(dx, x0, sizeof(double) * n), "cuMemcpyHtoD(x)");
  CUstream streams[MAX_STREAMS];
  for (int s = 0; s < nstreams; ++s)
    cuda_check(cu.stream_create(&streams[s], CU_STREAM_NON_BLOCKING), "cuStreamCreate");

  for (int r = 0; r < reps; ++r) {
    cuda_check(cu.memcpy_htod(dy, y0, sizeof(double) * ylen), "cuMemcpyHtoD(y)");
    double t0 = now_us();
    if (async) {
      for (int k = 0; k < t; ++k)
        launch_region(a, dx, dy, (k % rows) * n, n, tri, streams[k % nstreams]);
      cuda_check(cu.ctx_synchronize(), "cuCtxSynchronize");
    } else {
      for (int k = 0; k < t; ++k) {
        launch_region(a, dx, dy, (k % rows) * n, n, tri, streams[0]);
        cuda_check(cu.stream_synchronize(streams[0]), "cuStreamSynchronize");
      }
    }
    times[r] = now_us() - t0;
  }
  cuda_check(cu.memcpy_dtoh(y, dy, sizeof(double) * ylen), "cuMemcpyDtoH(y)");

  /* As b14: with rows == T each row got exactly one region; otherwise rows
   * are shared by racing regions and only their finiteness is checked. */
  int ok = 1;
  if (rows == t) {
    double *ref = malloc(sizeof(double) * n);
    for (long r = 0; r < rows && ok; ++r) {
      memcpy(ref, y0 + r * n, sizeof(double) * n);
      host_region(a, x0, ref, n, tri);
      for (int i = 0; i < n && ok; ++i)
        if (fabs(y[r * n + i] - ref[i]) > 1e-9 * fmax(1.0, fabs(ref[i]))) {
          fprintf(stderr, "cuda_b1: async=%d N=%d T=%d: row %ld y[%d]=%.17g (want %.17g)\n",
                  async, n, t, r, i, y[r * n + i], ref[i]);
          ok = 0;
        }
    }
    free(ref);
  } else {
    for (long i = 0; i < ylen && ok; ++i)
      ok = isfinite(y[i]) && y[i] >= y0[i];
  }
  *med = median(times, reps);
  for (int s = 0; s < nstreams; ++s)
    cu.stream_destroy(streams[s]);
  cu.mem_free(dx);
  cu.mem_free(dy);
  free(x0), free(y0), free(y), free(times);
  return ok ? 0 : 1;
}

/* Empty kernel + stream sync, `reps` times: the launch round trip. */
static double roundtrip_us(int reps) {
  CUstream stream;
  cuda_check(cu.stream_create(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  double *times = malloc(sizeof(double) * reps);
  for (int r = -10; r < reps; ++r) { /* 10 untimed warm-up trips */
    double t0 = now_us();
    cuda_check(cu.launch_kernel(empty_fn, 1, 1, 1, 1, 1, 1, 0, stream, NULL, NULL),
               "cuLaunchKernel(empty_kernel)");
    cuda_check(cu.stream_synchronize(stream), "cuStreamSynchronize");
    if (r >= 0)
      times[r] = now_us() - t0;
  }
  double med = median(times, reps);
  printf("# roundtrip: min %.2f us, median %.2f us, max %.2f us over %d\n", times[0], med,
         times[reps - 1], reps);
  free(times);
  cu.stream_destroy(stream);
  return med;
}

#define KERNEL_N (1L << 24)
#define KERNEL_REPS 30

static void report_kernel(const char *name, double *us) {
  qsort(us, KERNEL_REPS, sizeof(double), cmp_double);
  printf("cuda,%s,%.1f,%.1f\n", name, us[KERNEL_REPS / 2], us[0]);
}

/* --kernels: as kernel_times.c, the same data, timing and check. */
static int run_kernels(void) {
  const size_t bytes = sizeof(double) * KERNEL_N;
  double *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
  if (!a || !b || !c) {
    printf("FAIL: out of host memory\n");
    exit(1);
  }
  for (long i = 0; i < KERNEL_N; i++) {
    a[i] = 0;
    b[i] = i % 1000;
    c[i] = (i % 7) * 0.5;
  }
  CUdeviceptr da, db, dc;
  cuda_check(cu.mem_alloc(&da, bytes), "cuMemAlloc(a)");
  cuda_check(cu.mem_alloc(&db, bytes), "cuMemAlloc(b)");
  cuda_check(cu.mem_alloc(&dc, bytes), "cuMemAlloc(c)");
  cuda_check(cu.memcpy_htod(db, b, bytes), "cuMemcpyHtoD(b)");
  cuda_check(cu.memcpy_htod(dc, c, bytes), "cuMemcpyHtoD(c)");
  CUstream stream;
  cuda_check(cu.stream_create(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  unsigned blocks = (unsigned)((KERNEL_N + BLOCK - 1) / BLOCK);
  long n = KERNEL_N;
  double us[KERNEL_REPS];
  printf("runtime,kernel,median_us,min_us\n");
  for (int r = 0; r < KERNEL_REPS; r++) {
    void *args[] = {&da, &db, &dc, &n};
    double t0 = now_us();
    cuda_check(cu.launch_kernel(triad_fn, blocks, 1, 1, BLOCK, 1, 1, 0, stream, args, NULL),
               "cuLaunchKernel(triad)");
    cuda_check(cu.stream_synchronize(stream), "cuStreamSynchronize");
    us[r] = now_us() - t0;
  }
  report_kernel("triad", us);
  for (int r = 0; r < KERNEL_REPS; r++) {
    double t0 = now_us();
    launch_region(2.0, dc, db, 0, (int)KERNEL_N, 0, stream);
    cuda_check(cu.stream_synchronize(stream), "cuStreamSynchronize");
    us[r] = now_us() - t0;
  }
  report_kernel("b1_K", us);
  cuda_check(cu.memcpy_dtoh(a, da, bytes), "cuMemcpyDtoH(a)");
  cuda_check(cu.memcpy_dtoh(b, db, bytes), "cuMemcpyDtoH(b)");
  int fails = 0;
  for (long i = 0; i < KERNEL_N && !fails; i++) {
    double want_a = (i % 1000) + 3.0 * ((i % 7) * 0.5);
    double want_b = (i % 1000) + KERNEL_REPS * 2.0 * ((i % 7) * 0.5);
    if (a[i] != want_a || b[i] != want_b) {
      printf("FAIL at %ld: a %.17g want %.17g, b %.17g want %.17g\n", i, a[i], want_a, b[i],
             want_b);
      fails++;
    }
  }
  printf("%s\n", fails ? "FAIL" : "OK");
  cu.stream_destroy(stream);
  cu.mem_free(da), cu.mem_free(db), cu.mem_free(dc);
  free(a), free(b), free(c);
  return fails != 0;
}

int main(int argc, char **argv) {
  int n = 1 << 10, t = 16, async = 0, reps = 5, tri = 1, nstreams = 32;
  int check = 0, roundtrip = 0, kernels = 0, reps_given = 0;
  int grid_ns[64], grid_ts[64], nns = 0, nts = 0, from = 0;
  for (int i = 1; i < argc; ++i) {
    const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(o, "--check")) { check = 1; continue; }
    if (!strcmp(o, "--roundtrip")) { roundtrip = 1; continue; }
    if (!strcmp(o, "--kernels")) { kernels = 1; continue; }
    if (!v) { fprintf(stderr, "cuda_b1: %s needs a value\n", o); return 2; }
    ++i;
    if (!strcmp(o, "--n")) n = atoi(v);
    else if (!strcmp(o, "--t")) t = atoi(v);
    else if (!strcmp(o, "--async")) async = atoi(v) != 0;
    else if (!strcmp(o, "--reps")) reps = atoi(v), reps_given = 1;
    else if (!strcmp(o, "--kernel")) tri = strcmp(v, "lin") != 0;
    else if (!strcmp(o, "--streams")) nstreams = atoi(v);
    else if (!strcmp(o, "--ns") || !strcmp(o, "--ts")) {
      int count = bench_parse_list(v, o[2] == 'n' ? grid_ns : grid_ts, 64);
      if (!count) {
        fprintf(stderr, "cuda_b1: %s wants positive integers separated by commas, not '%s'\n",
                o, v);
        return 2;
      }
      *(o[2] == 'n' ? &nns : &nts) = count;
    }
    else if (!strcmp(o, "--from")) from = atoi(v);
    else { fprintf(stderr, "cuda_b1: unknown option %s\n", o); return 2; }
  }
  if (!nns != !nts) {
    fprintf(stderr, "cuda_b1: --ns and --ts go together\n");
    return 2;
  }
  if (n < 1 || t < 1 || reps < 1 || nstreams < 1 || nstreams > MAX_STREAMS) {
    fprintf(stderr, "cuda_b1: --n, --t, --reps must be positive, --streams 1..%d\n",
            MAX_STREAMS);
    return 2;
  }

  char why[512], name[256];
  if (cuda_driver_open(why, sizeof why, name, sizeof name) != 0) {
    printf("SKIPPED: no CUDA device (%s)\n", why);
    return 77;
  }
  int version = 0;
  cu.driver_get_version(&version);
  printf("# device: %s, driver CUDA %d.%d (CUDA Driver API, no OpenMP runtime)\n", name,
         version / 1000, version % 1000 / 10);
  CUmodule module;
  cuda_check(cu.module_load_data(&module, kernels_cubin), "cuModuleLoadData(kernels.cubin)");
  cuda_check(cu.module_get_function(&region_fn, module, "b14_region"), "b14_region");
  cuda_check(cu.module_get_function(&empty_fn, module, "empty_kernel"), "empty_kernel");
  cuda_check(cu.module_get_function(&triad_fn, module, "triad"), "triad");
  fflush(stdout);
  if (kernels)
    return run_kernels();

  double med;
  if (check) {
    int fails = 0;
    for (int k = 0; k < 2; ++k)
      for (int as = 0; as <= 1; ++as) {
        int bad = run_b1(as, k ? 37 : 1000, 8, 2, k == 0, 4, &med);
        printf("cuda_b1: B1 async=%d kernel=%s: %s\n", as, k ? "lin" : "tri",
               bad ? "FAIL" : "OK verified");
        fails += bad;
      }
    roundtrip_us(50);
    printf(fails ? "FAIL: %d variant(s) wrong\n" : "OK: all variants verified\n", fails);
    return fails ? 1 : 0;
  }
  if (roundtrip) {
    med = roundtrip_us(reps_given ? reps : 2000);
    printf("RT,0,1,0,empty,%.3f,%.4f\n", med, med);
    return 0;
  }
  if (nns) {
    int fails = 0, cell = 0;
    for (int i = 0; i < nns; ++i)
      for (int k = 0; k < nts; ++k, ++cell) {
        if (cell < from)
          continue;
        n = grid_ns[i], t = grid_ts[k];
        run_b1(async, n, t < 4 ? t : 4, 1, tri, nstreams, &med); /* untimed, as below */
        if (run_b1(async, n, t, reps, tri, nstreams, &med)) {
          printf("FAIL: B1 async=%d N=%d T=%d: wrong result\n", async, n, t);
          fails++;
        } else {
          printf("B1,%d,%d,%d,%s,%.3f,%.4f\n", n, t, async, tri ? "tri" : "lin", med, med / t);
        }
        fflush(stdout);
      }
    return fails ? 1 : 0;
  }
  /* One untimed pass first: the first launches pay for lazy module loading. */
  run_b1(async, n, t < 4 ? t : 4, 1, tri, nstreams, &med);
  if (run_b1(async, n, t, reps, tri, nstreams, &med)) {
    printf("FAIL: B1 async=%d N=%d T=%d: wrong result\n", async, n, t);
    return 1;
  }
  printf("B1,%d,%d,%d,%s,%.3f,%.4f\n", n, t, async, tri ? "tri" : "lin", med, med / t);
  return 0;
}
