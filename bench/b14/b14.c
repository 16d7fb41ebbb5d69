/* B1-B4 of the hidden-helper-thread paper (Tian et al., §4.1-4.2) on the
 * x86_64 offload device: T daxpy-like target regions issued
 *   B1  by one thread, no parallel region;
 *   B2  by all threads of a parallel region (parallel for over T);
 *   B3  by the master of a parallel region while the others spin;
 *   B4  by one thread, four target regions per iteration with the paper's
 *       depend graph (2 and 3 after 1, 4 after 2 and 3);
 * each synchronous (no nowait) or asynchronous (nowait, taskwait at the end).
 *
 *   b14 --bench B1..B4 --n N --t T --async 0|1 [--reps R] [--kernel tri|lin]
 *       prints one CSV line: bench,n,t,async,kernel,median_us,per_offload_us
 *   b14 --check      all 8 variants with tiny N, T, verified (each in its own
 *                    process), for both kernels
 *   b14 --seq B1:0,B2:1,... [--n N --t T --reps R]   variants in one process
 *   b14 --bench B --async A --ns N1,N2,... --ts T1,T2,... [--from K]
 *       a grid in one process: every (N, T), N outer, a CSV line each as it
 *       is done (FAIL for a wrong one, the rest still run), skipping the
 *       first K cells: a driver restarts after a crash from the cell after
 *       the last line it got (test/gpu/run.sh; a process per cell costs
 *       the runtime's and the driver's start-up each time)
 *
 * The kernel is the paper's C: y[i] += a * sum_{j<=i} x[j] over
 * `target teams distribute parallel for simd` (--kernel tri, default). Its
 * cost is quadratic in N (N = 2^16 is ~2^31 FMAs per region, about a second
 * on one core), which the paper's V100 absorbs but a 2-core host cannot, so
 * --kernel lin keeps the same region but only the j == i term (a plain
 * daxpy, linear in N); bench/b14/run.sh uses lin unless told otherwise.
 *
 * Data is mapped once (target enter data) outside the timed part; each
 * region's map clauses only find it present. Concurrent regions of the
 * paper all update the same Y, which on a CPU device is a data race, so
 * B1-B3 give offload t its own row t % rows of Y (rows == T unless T*N is
 * over 2^25 doubles): race-free and checkable against a host reference.
 * B4's self-updates (the paper's C(a,X,X) / C(a,Y,Y) race inside one region)
 * read a constant third vector W instead, keeping the same cost and depend
 * graph. Every run checks its result; a wrong answer prints FAIL, exits 1. */
#include <math.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../common/list.h"

#define MAX_Y_ELEMS (1L << 25)
#define WARMUP_US 20000.0

static int tri = 1; /* paper kernel (1) or linear daxpy (0) */

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* One daxpy-like target region: y[off..off+N) += a * sum_{lo(i)<=j<=i} x[j]. */
#define REGION_BODY                                                            \
  for (int i = 0; i < N; ++i) {                                                \
    double s = 0;                                                              \
    for (int j = tr ? 0 : i; j <= i; ++j)                                      \
      s += x[j];                                                               \
    y[off + i] = y[off + i] + a * s;                                           \
  }

static void K_sync(double a, const double *x, double *y, long off, int N) {
  int tr = tri;
#pragma omp target teams distribute parallel for simd map(to : x[0 : N])     \
    map(tofrom : y[off : N]) firstprivate(tr)
  REGION_BODY
}

static void K_async(double a, const double *x, double *y, long off, int N) {
  int tr = tri;
#pragma omp target teams distribute parallel for simd nowait map(to : x[0 : N]) \
    map(tofrom : y[off : N]) firstprivate(tr)
  REGION_BODY
}

static void K(int async, double a, const double *x, double *y, long off, int N) {
  if (async)
    K_async(a, x, y, off, N);
  else
    K_sync(a, x, y, off, N);
}

static void B1(int async, double a, double *X, double *Y, int T, int N, int rows) {
  for (int t = 0; t < T; ++t)
    K(async, a, X, Y, (long)(t % rows) * N, N);
  if (async) {
#pragma omp taskwait
  }
}

static void B2(int async, double a, double *X, double *Y, int T, int N, int rows) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int t = 0; t < T; ++t)
      K(async, a, X, Y, (long)(t % rows) * N, N);
    if (async) {
#pragma omp taskwait
    }
  }
}

static void B3(int async, double a, double *X, double *Y, int T, int N, int rows) {
  atomic_bool done = false;
#pragma omp parallel shared(done)
  {
    if (omp_get_thread_num() == 0) {
      B1(async, a, X, Y, T, N, rows);
      atomic_store(&done, true);
    } else {
      while (!atomic_load(&done))
        ;
    }
  }
}

/* B4: task 1 Y += C(X); task 2 X += C(W); task 3 Y += C(W); task 4 Y += C(X). */
#define B4_BODY(SRC, DST)                                                      \
  for (int i = 0; i < N; ++i) {                                                \
    double s = 0;                                                              \
    for (int j = tr ? 0 : i; j <= i; ++j)                                      \
      s += SRC[j];                                                             \
    DST[i] = DST[i] + a * s;                                                   \
  }

static void B4(int async, double a, double *X, double *Y, double *W, int T, int N) {
  int tr = tri;
  if (async) {
    for (int t = 0; t < T; ++t) {
#pragma omp target teams distribute parallel for simd nowait map(to : X[0 : N]) \
    map(tofrom : Y[0 : N]) firstprivate(tr) depend(in : X[0 : N]) depend(inout : Y[0 : N])
      B4_BODY(X, Y)
#pragma omp target teams distribute parallel for simd nowait map(to : W[0 : N]) \
    map(tofrom : X[0 : N]) firstprivate(tr) depend(inout : X[0 : N])
      B4_BODY(W, X)
#pragma omp target teams distribute parallel for simd nowait map(to : W[0 : N]) \
    map(tofrom : Y[0 : N]) firstprivate(tr) depend(inout : Y[0 : N])
      B4_BODY(W, Y)
#pragma omp target teams distribute parallel for simd nowait map(to : X[0 : N]) \
    map(tofrom : Y[0 : N]) firstprivate(tr) depend(in : X[0 : N]) depend(inout : Y[0 : N])
      B4_BODY(X, Y)
    }
#pragma omp taskwait
  } else {
    for (int t = 0; t < T; ++t) {
#pragma omp target teams distribute parallel for simd map(to : X[0 : N]) \
    map(tofrom : Y[0 : N]) firstprivate(tr)
      B4_BODY(X, Y)
#pragma omp target teams distribute parallel for simd map(to : W[0 : N]) \
    map(tofrom : X[0 : N]) firstprivate(tr)
      B4_BODY(W, X)
#pragma omp target teams distribute parallel for simd map(to : W[0 : N]) \
    map(tofrom : Y[0 : N]) firstprivate(tr)
      B4_BODY(W, Y)
#pragma omp target teams distribute parallel for simd map(to : X[0 : N]) \
    map(tofrom : Y[0 : N]) firstprivate(tr)
      B4_BODY(X, Y)
    }
  }
}

/* Host reference of the region: y += a * C(x). */
static void host_region(double a, const double *x, double *y, int N) {
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = tri ? 0 : i; j <= i; ++j)
      s += x[j];
    y[i] = y[i] + a * s;
  }
}

static int close_enough(double got, double want) {
  return fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want));
}

static int cmp_double(const void *p, const void *q) {
  double a = *(const double *)p, b = *(const double *)q;
  return (a > b) - (a < b);
}

/* Runs one variant `reps` times (data reset on the device between reps,
 * untimed), verifies the last rep. Returns 0 on success, sets *median. */
static int run_variant(int bench, int async, int N, int T, int reps, double *median,
                       int verbose) {
  const double a = 1.0 / 1024;
  long rows = (bench == 4) ? 1 : T;
  if ((long)rows * N > MAX_Y_ELEMS)
    rows = MAX_Y_ELEMS / N > 0 ? MAX_Y_ELEMS / N : 1;
  long ylen = rows * N;
  double *X = malloc(sizeof(double) * N), *Y = malloc(sizeof(double) * ylen);
  double *W = malloc(sizeof(double) * N), *Y0 = malloc(sizeof(double) * ylen);
  double *X0 = malloc(sizeof(double) * N), *times = malloc(sizeof(double) * reps);
  if (!X || !Y || !W || !Y0 || !X0 || !times) {
    fprintf(stderr, "b14: out of memory\n");
    exit(2);
  }
  for (int i = 0; i < N; ++i) {
    X0[i] = 1.0 + (i % 7) / 8.0;
    W[i] = 0.5 - (i % 5) / 16.0;
  }
  for (long i = 0; i < ylen; ++i)
    Y0[i] = (double)(i % 11) / 4.0;
  memcpy(X, X0, sizeof(double) * N);
  memcpy(Y, Y0, sizeof(double) * ylen);

#pragma omp target enter data map(to : X[0 : N], W[0 : N], Y[0 : ylen])
  /* Warm-up: the same calls for at least WARMUP_US first (not timed), so
   * the timed ones see the steady state: worker and helper threads made,
   * pages touched, and threads spread over the processors (a new thread
   * starts on its creator's processor; on this 2-core host the scheduler
   * took milliseconds to move it, which made short cells bimodal). */
  double warm_start = now_us();
  for (int r = -1; r < reps; ++r) {
    memcpy(X, X0, sizeof(double) * N);
    memcpy(Y, Y0, sizeof(double) * ylen);
#pragma omp target update to(X[0 : N], Y[0 : ylen])
    double t0 = now_us();
    switch (bench) {
    case 1: B1(async, a, X, Y, T, N, (int)rows); break;
    case 2: B2(async, a, X, Y, T, N, (int)rows); break;
    case 3: B3(async, a, X, Y, T, N, (int)rows); break;
    case 4: B4(async, a, X, Y, W, T, N); break;
    }
    if (r < 0) {
      if (now_us() - warm_start < WARMUP_US)
        --r; /* warm up once more */
      continue;
    }
    times[r] = now_us() - t0;
  }
#pragma omp target exit data map(from : X[0 : N], Y[0 : ylen]) map(release : W[0 : N])

  /* Host reference. B1-B3: row r got one region per t with t % rows == r
   * (race-free only when rows == T; otherwise the paper's own race on a
   * shared row, and only rows' finiteness is checked). */
  int ok = 1;
  const char *what = "verified";
  if (bench == 4) {
    double *hx = malloc(sizeof(double) * N), *hy = malloc(sizeof(double) * N);
    memcpy(hx, X0, sizeof(double) * N);
    memcpy(hy, Y0, sizeof(double) * N);
    for (int t = 0; t < T; ++t) {
      host_region(a, hx, hy, N);
      host_region(a, W, hx, N);
      host_region(a, W, hy, N);
      host_region(a, hx, hy, N);
    }
    for (int i = 0; i < N && ok; ++i)
      if (!close_enough(X[i], hx[i]) || !close_enough(Y[i], hy[i])) {
        fprintf(stderr, "b14: B%d async=%d N=%d T=%d: x[%d]=%.17g (want %.17g) "
                "y[%d]=%.17g (want %.17g)\n", bench, async, N, T, i, X[i], hx[i],
                i, Y[i], hy[i]);
        ok = 0;
      }
    free(hx);
    free(hy);
  } else if (rows == T) {
    double *ref = malloc(sizeof(double) * N);
    for (long r = 0; r < rows && ok; ++r) {
      memcpy(ref, Y0 + r * N, sizeof(double) * N);
      host_region(a, X0, ref, N);
      for (int i = 0; i < N && ok; ++i)
        if (!close_enough(Y[r * N + i], ref[i])) {
          fprintf(stderr, "b14: B%d async=%d N=%d T=%d: row %ld y[%d]=%.17g (want %.17g)\n",
                  bench, async, N, T, r, i, Y[r * N + i], ref[i]);
          ok = 0;
        }
    }
    for (int i = 0; i < N && ok; ++i)
      if (X[i] != X0[i])
        ok = 0;
    free(ref);
  } else {
    what = "rows shared: finiteness only";
    for (long i = 0; i < ylen && ok; ++i)
      if (!isfinite(Y[i]) || Y[i] < Y0[i])
        ok = 0;
  }

  qsort(times, reps, sizeof(double), cmp_double);
  *median = reps % 2 ? times[reps / 2] : (times[reps / 2 - 1] + times[reps / 2]) / 2;
  if (verbose)
    fprintf(stderr, "b14: B%d async=%d N=%d T=%d rows=%ld: %s %s\n", bench, async, N, T,
            rows, ok ? "OK" : "FAIL", what);
  free(X), free(Y), free(W), free(Y0), free(X0), free(times);
  return ok ? 0 : 1;
}

static void print_runtime(void) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[4096], seen[4][1024];
  int nseen = 0;
  while (maps && fgets(line, sizeof line, maps)) {
    char *path = strchr(line, '/');
    if (!path)
      continue;
    path[strcspn(path, "\n")] = 0;
    const char *base = strrchr(path, '/') + 1;
    if (strncmp(base, "libomp.so", 9) && strncmp(base, "libomptarget.so", 15))
      continue;
    int dup = 0;
    for (int k = 0; k < nseen; ++k)
      dup |= !strcmp(seen[k], path);
    if (dup || nseen == 4)
      continue;
    snprintf(seen[nseen++], sizeof seen[0], "%s", path);
    printf("# %s: %s\n", strncmp(base, "libomp.so", 9) ? "libomptarget" : "libomp", path);
  }
  if (maps)
    fclose(maps);
  int on_host = 1;
#pragma omp target map(from : on_host)
  on_host = omp_is_initial_device();
  printf("# devices: %d (default %d; target region ran %s)\n", omp_get_num_devices(),
         omp_get_default_device(), on_host ? "on the HOST (fallback)" : "on device 0");
  fflush(stdout);
}

static int parse_bench(const char *s) {
  if ((s[0] == 'B' || s[0] == 'b') && s[1] >= '1' && s[1] <= '4' && !s[2])
    return s[1] - '0';
  fprintf(stderr, "b14: --bench wants B1..B4, not '%s'\n", s);
  exit(2);
}

/* --ns/--ts: the grid's cells from `from` on, one CSV line each. */
static int run_grid(int bench, int async, const int *ns, int nn, const int *ts, int nt,
                    int reps, int from) {
  int fails = 0, cell = 0;
  for (int i = 0; i < nn; ++i)
    for (int k = 0; k < nt; ++k, ++cell) {
      if (cell < from)
        continue;
      double med;
      if (run_variant(bench, async, ns[i], ts[k], reps, &med, 0)) {
        printf("FAIL: B%d async=%d N=%d T=%d: wrong result\n", bench, async, ns[i], ts[k]);
        fails++;
      } else {
        printf("B%d,%d,%d,%d,%s,%.3f,%.4f\n", bench, ns[i], ts[k], async, tri ? "tri" : "lin",
               med, med / (bench == 4 ? 4.0 * ts[k] : ts[k]));
      }
      fflush(stdout);
    }
  return fails ? 1 : 0;
}

int main(int argc, char **argv) {
  int bench = 1, N = 1 << 10, T = 16, async = 0, reps = 5, check = 0;
  int grid_ns[64], grid_ts[64], nns = 0, nts = 0, from = 0;
  const char *seq = NULL;
  for (int i = 1; i < argc; ++i) {
    const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(o, "--check")) { check = 1; continue; }
    if (!v) { fprintf(stderr, "b14: %s needs a value\n", o); return 2; }
    ++i;
    if (!strcmp(o, "--bench")) bench = parse_bench(v);
    else if (!strcmp(o, "--n")) N = atoi(v);
    else if (!strcmp(o, "--t")) T = atoi(v);
    else if (!strcmp(o, "--async")) async = atoi(v) != 0;
    else if (!strcmp(o, "--reps")) reps = atoi(v);
    else if (!strcmp(o, "--seq")) seq = v;
    else if (!strcmp(o, "--kernel")) tri = strcmp(v, "lin") != 0;
    else if (!strcmp(o, "--ns") || !strcmp(o, "--ts")) {
      int *list = o[2] == 'n' ? grid_ns : grid_ts;
      int count = bench_parse_list(v, list, 64);
      if (!count) {
        fprintf(stderr, "b14: %s wants positive integers separated by commas, not '%s'\n", o, v);
        return 2;
      }
      *(o[2] == 'n' ? &nns : &nts) = count;
    }
    else if (!strcmp(o, "--from")) from = atoi(v);
    else { fprintf(stderr, "b14: unknown option %s\n", o); return 2; }
  }
  if (!nns != !nts) {
    fprintf(stderr, "b14: --ns and --ts go together\n");
    return 2;
  }
  if (N < 1 || T < 1 || reps < 1) {
    fprintf(stderr, "b14: --n, --t and --reps must be positive\n");
    return 2;
  }
  print_runtime();
  if (check) {
    /* Each variant in its own process (as run.sh's timed runs): LLVM 19's
     * libomp asserts (kmp_csupport.cpp:539) when a synchronous target region
     * on the initial thread is followed, in the same process, by synchronous
     * target regions from every thread of a parallel region (B1 or B4 sync,
     * then B2 sync). --seq runs a chosen sequence in one process. */
    int fails = 0;
    for (int k = 0; k < 2; ++k)
      for (int b = 1; b <= 4; ++b)
        for (int as = 0; as <= 1; ++as) {
          char cmd[8192];
          snprintf(cmd, sizeof cmd,
                   "exec /proc/%d/exe --bench B%d --n %d --t 8 --async %d --reps 2 "
                   "--kernel %s >/dev/null",
                   (int)getpid(), b, k ? 37 : 16, as, k ? "lin" : "tri");
          int rc = system(cmd);
          int ok = rc == 0;
          printf("b14: B%d async=%d kernel=%s: %s\n", b, as, k ? "lin" : "tri",
                 ok ? "OK verified" : "FAIL");
          fails += !ok;
        }
    printf(fails ? "FAIL: %d variant(s) wrong\n" : "OK: all variants verified\n", fails);
    return fails ? 1 : 0;
  }
  double med;
  if (nns)
    return run_grid(bench, async, grid_ns, nns, grid_ts, nts, reps, from);
  if (seq) { /* --seq B1:1,B2:0,...: those variants in turn, one process */
    int fails = 0;
    for (const char *p = seq; *p;) {
      int b = parse_bench((char[]){p[0], p[1], 0}), as = p[3] == '1';
      fails += run_variant(b, as, N, T, reps, &med, 1);
      p += 4;
      if (*p == ',') ++p;
    }
    printf(fails ? "FAIL: %d variant(s) wrong\n" : "OK: all variants verified\n", fails);
    return fails ? 1 : 0;
  }
  int bad = run_variant(bench, async, N, T, reps, &med, 0);
  if (bad) {
    printf("FAIL: B%d async=%d N=%d T=%d: wrong result\n", bench, async, N, T);
    return 1;
  }
  printf("B%d,%d,%d,%d,%s,%.3f,%.4f\n", bench, N, T, async, tri ? "tri" : "lin", med,
         med / (bench == 4 ? 4.0 * T : T));
  return 0;
}
