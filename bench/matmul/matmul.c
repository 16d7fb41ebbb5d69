/* The study of seed 001 (detaching vs polling target tasks): many
 * matrix-multiply target tasks, ours against LLVM 19 on one binary.
 *
 *   indep  `tasks` independent `target ... nowait` tasks, each C_t = A * B
 *          with the poster's kernel (Fig. 3): map(to: A, B) map(from: C_t),
 *          C_t its own slice of C_total; one taskwait at the end.
 *   dep    `chains` chains of `length` tasks (Fig. 4's linear dependences):
 *          the tasks of one chain are linked by depend(inout: token[c]) and
 *          each multiplies the previous task's result (same kernel, its B
 *          is the previous C), so an ordering error changes the result.
 *   --mem  pageable (malloc), pinned (omp_alloc with
 *          llvm_omp_target_host_mem_alloc) or pinned-api
 *          (llvm_omp_target_alloc_host) host memory for A, B and the Cs.
 *   --async 0 drops nowait and depend: the same tasks one after another.
 *   --premap maps A and B once (target enter data) before the timed rounds,
 *          so every task only finds them present: not the poster's setting
 *          (its tasks race to map A and B first), a diagnostic that takes
 *          the shared first mapping out of the picture.
 *
 *   matmul --mode indep|dep --size S [--tasks N] [--chains C --length L]
 *          [--mem pageable|pinned|pinned-api] [--async 0|1] [--reps R]
 *          [--premap] [--require-device]
 *     prints '# ' lines (libraries mapped, devices), then one CSV line
 *     mode,mem,size,tasks,chains,length,async,median_us,per_task_us
 *     (median total time of R timed rounds, each: issue all tasks + taskwait)
 *   matmul --check   tiny sizes, both modes, every memory kind, sync and
 *                    async, every element verified; prints OK or FAIL
 *
 * Values are small integers (independent) or a permuted copy of B (a
 * chain's A is the cyclic shift matrix, stored dense so the work is the
 * full S^3): every result is exact, so the check compares with ==. Timed
 * runs check a sample of entries per task (all for S <= 64); --check and
 * S <= 64 check every entry. A wrong result prints FAIL and exits 1.
 * --require-device exits 77 (CTest's skip code) when target regions ran on
 * the host (no device: an nvptx binary on a machine without a GPU). */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum mem_kind { MEM_PAGEABLE, MEM_PINNED, MEM_PINNED_API };
static const char *const mem_names[] = {"pageable", "pinned", "pinned-api"};

struct config {
  int dep;      /* 0: independent tasks, 1: chains */
  int size;     /* S: every matrix is S x S */
  int tasks;    /* independent tasks */
  int chains;   /* dep: number of chains C */
  int length;   /* dep: tasks per chain L */
  int async;    /* nowait (+ depend) or synchronous target regions */
  int reps;     /* timed rounds; the median is reported */
  enum mem_kind mem;
  int full_check; /* verify every entry instead of a sample */
  int premap;     /* A and B mapped once before the timed rounds */
};

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double *alloc_doubles(size_t count, enum mem_kind mem) {
  size_t bytes = count * sizeof(double);
  switch (mem) {
  case MEM_PINNED: return omp_alloc(bytes, llvm_omp_target_host_mem_alloc);
  case MEM_PINNED_API: return llvm_omp_target_alloc_host(bytes, omp_get_default_device());
  default: return malloc(bytes);
  }
}

static void free_doubles(double *p, enum mem_kind mem) {
  switch (mem) {
  case MEM_PINNED: omp_free(p, llvm_omp_target_host_mem_alloc); break;
  case MEM_PINNED_API: llvm_omp_target_free_host(p, omp_get_default_device()); break;
  default: free(p);
  }
}

static double *must_alloc(size_t count, enum mem_kind mem) {
  double *p = alloc_doubles(count, mem);
  if (!p) {
    fprintf(stderr, "matmul: cannot allocate %zu MiB of %s memory\n",
            count * sizeof(double) >> 20, mem_names[mem]);
    exit(2);
  }
  return p;
}

/* The poster's kernel (Fig. 3), s1 = s2 = s3 = S. */
#define MATMUL_BODY                                                            \
  for (int i = 0; i < S; i++)                                                  \
    for (int j = 0; j < S; j++) {                                              \
      C[i * S + j] = 0;                                                        \
      for (int k = 0; k < S; k++)                                              \
        C[i * S + j] += A[i * S + k] * B[k * S + j];                           \
    }

static void matmul_nowait(const double *A, const double *B, double *C, int S) {
#pragma omp target teams distribute parallel for map(from : C[0 : S * S])     \
    map(to : A[0 : S * S]) map(to : B[0 : S * S]) device(0) collapse(2) nowait
  MATMUL_BODY
}

static void matmul_sync(const double *A, const double *B, double *C, int S) {
#pragma omp target teams distribute parallel for map(from : C[0 : S * S])     \
    map(to : A[0 : S * S]) map(to : B[0 : S * S]) device(0) collapse(2)
  MATMUL_BODY
}

/* One chain link: depend(inout) on the chain's token orders the links. */
static void matmul_link(const double *A, const double *B, double *C, int S, char *token) {
#pragma omp target teams distribute parallel for map(from : C[0 : S * S])     \
    map(to : A[0 : S * S]) map(to : B[0 : S * S]) device(0) collapse(2) nowait \
    depend(inout : token[0])
  MATMUL_BODY
}

/* --- inputs and host reference -------------------------------------- */

static void fill_independent(double *A, double *B, int S) {
  for (int i = 0; i < S; ++i)
    for (int k = 0; k < S; ++k) {
      A[i * S + k] = (double)((i + 2 * k) % 7 - 3);
      B[i * S + k] = (double)((3 * i + k) % 5 - 2);
    }
}

/* A: the cyclic shift ((A X)[i] = X[(i + 1) % S]); B: distinct integers,
 * so A^l B (B's rows rotated by l) differs for every l mod S. */
static void fill_chain(double *A, double *B, int S) {
  for (int i = 0; i < S; ++i)
    for (int k = 0; k < S; ++k) {
      A[i * S + k] = k == (i + 1) % S;
      B[i * S + k] = (double)(i * S + k);
    }
}

static uint64_t next_random(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return *state >> 33;
}

/* Entries checked per matrix: all, or 1024 sampled (corners included). */
static long entries_to_check(const struct config *cfg) {
  long all = (long)cfg->size * cfg->size;
  return cfg->full_check || all <= 64L * 64 ? all : 1024;
}

static long entry_index(const struct config *cfg, long n, uint64_t *state) {
  long all = (long)cfg->size * cfg->size;
  if (entries_to_check(cfg) == all)
    return n;
  if (n == 0)
    return 0;
  if (n == 1)
    return all - 1;
  return (long)(next_random(state) % (uint64_t)all);
}

static int verify_independent(const struct config *cfg, const double *A, const double *B,
                              const double *C_total) {
  int S = cfg->size;
  uint64_t state = 12345;
  long count = entries_to_check(cfg);
  for (long n = 0; n < count; ++n) {
    long e = entry_index(cfg, n, &state);
    int i = (int)(e / S), j = (int)(e % S);
    double want = 0;
    for (int k = 0; k < S; ++k)
      want += A[i * S + k] * B[k * S + j];
    for (int t = 0; t < cfg->tasks; ++t) {
      double got = C_total[(size_t)t * S * S + e];
      if (got != want) {
        fprintf(stderr, "matmul: indep S=%d task %d C[%d][%d] = %.17g, want %.17g\n", S, t,
                i, j, got, want);
        return 0;
      }
    }
  }
  return 1;
}

static int verify_chains(const struct config *cfg, const double *B, double *const *last) {
  int S = cfg->size, L = cfg->length;
  uint64_t state = 54321;
  long count = entries_to_check(cfg);
  for (long n = 0; n < count; ++n) {
    long e = entry_index(cfg, n, &state);
    int i = (int)(e / S), j = (int)(e % S);
    double want = B[(long)((i + L) % S) * S + j];
    for (int c = 0; c < cfg->chains; ++c)
      if (last[c][e] != want) {
        fprintf(stderr, "matmul: dep S=%d chain %d of length %d: C[%d][%d] = %.17g, want "
                "%.17g\n", S, c, L, i, j, last[c][e], want);
        return 0;
      }
  }
  return 1;
}

/* --- the two studies ------------------------------------------------- */

static void poison(double *p, size_t count) { memset(p, 0xff, count * sizeof(double)); }

static int cmp_double(const void *p, const void *q) {
  double a = *(const double *)p, b = *(const double *)q;
  return (a > b) - (a < b);
}

static double median(double *v, int n) {
  qsort(v, n, sizeof(double), cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Runs cfg->reps timed rounds; returns 1 when the last round verified. */
static int run_independent(const struct config *cfg, double *times) {
  int S = cfg->size;
  size_t elems = (size_t)S * S;
  double *A = must_alloc(elems, cfg->mem), *B = must_alloc(elems, cfg->mem);
  double *C_total = must_alloc(elems * cfg->tasks, cfg->mem);
  fill_independent(A, B, S);
  if (cfg->premap) {
#pragma omp target enter data map(to : A[0 : elems], B[0 : elems])
  }
  for (int r = 0; r < cfg->reps; ++r) {
    poison(C_total, elems * cfg->tasks); /* also faults every page in, untimed */
    double t0 = now_us();
    for (int t = 0; t < cfg->tasks; t++) {
      double *C = C_total + elems * t;
      if (cfg->async)
        matmul_nowait(A, B, C, S);
      else
        matmul_sync(A, B, C, S);
    }
#pragma omp taskwait
    times[r] = now_us() - t0;
  }
  if (cfg->premap) {
#pragma omp target exit data map(release : A[0 : elems], B[0 : elems])
  }
  int ok = verify_independent(cfg, A, B, C_total);
  free_doubles(C_total, cfg->mem), free_doubles(B, cfg->mem), free_doubles(A, cfg->mem);
  return ok;
}

/* Each chain ping-pongs between two buffers: link l reads the one link
 * l - 1 wrote (link 0 reads B) and writes the other. */
static int run_chains(const struct config *cfg, double *times) {
  int S = cfg->size, C_count = cfg->chains, L = cfg->length;
  size_t elems = (size_t)S * S;
  double *A = must_alloc(elems, cfg->mem), *B = must_alloc(elems, cfg->mem);
  double *buffers = must_alloc(elems * 2 * C_count, cfg->mem);
  char *tokens = calloc(C_count, 1);
  double **last = malloc(sizeof(double *) * C_count);
  if (!tokens || !last) {
    fprintf(stderr, "matmul: out of memory\n");
    exit(2);
  }
  fill_chain(A, B, S);
  if (cfg->premap) {
#pragma omp target enter data map(to : A[0 : elems], B[0 : elems])
  }
  for (int r = 0; r < cfg->reps; ++r) {
    poison(buffers, elems * 2 * C_count);
    double t0 = now_us();
    /* Breadth first: link l of every chain, then link l + 1. */
    for (int l = 0; l < L; ++l)
      for (int c = 0; c < C_count; ++c) {
        double *pair = buffers + elems * 2 * c;
        const double *in = l == 0 ? B : pair + elems * ((l - 1) % 2);
        double *out = pair + elems * (l % 2);
        if (cfg->async)
          matmul_link(A, in, out, S, &tokens[c]);
        else
          matmul_sync(A, in, out, S);
      }
#pragma omp taskwait
    times[r] = now_us() - t0;
  }
  if (cfg->premap) {
#pragma omp target exit data map(release : A[0 : elems], B[0 : elems])
  }
  for (int c = 0; c < C_count; ++c)
    last[c] = buffers + elems * 2 * c + elems * ((L - 1) % 2);
  int ok = verify_chains(cfg, B, last);
  free(last), free(tokens);
  free_doubles(buffers, cfg->mem), free_doubles(B, cfg->mem), free_doubles(A, cfg->mem);
  return ok;
}

static int run_config(const struct config *cfg, double *median_us) {
  double *times = malloc(sizeof(double) * cfg->reps);
  if (!times)
    exit(2);
  int ok = cfg->dep ? run_chains(cfg, times) : run_independent(cfg, times);
  *median_us = median(times, cfg->reps);
  free(times);
  return ok;
}

/* --- reporting --------------------------------------------------------- */

/* '# libomp: PATH' / '# libomptarget: PATH' for each runtime library mapped,
 * and where a target region runs. Returns 1 when it ran on the host. */
static int print_runtime(void) {
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
  return on_host;
}

static void print_result(const struct config *cfg, double median_us) {
  long total = cfg->dep ? (long)cfg->chains * cfg->length : cfg->tasks;
  printf("%s,%s,%d,%ld,%d,%d,%d,%.3f,%.4f\n", cfg->dep ? "dep" : "indep",
         mem_names[cfg->mem], cfg->size, total, cfg->dep ? cfg->chains : 0,
         cfg->dep ? cfg->length : 0, cfg->async, median_us, median_us / total);
}

/* Every mode, memory kind and sync/async on tiny sizes, all verified. */
static int run_checks(void) {
  static const int sizes[] = {1, 7, 16};
  int fails = 0;
  for (int dep = 0; dep <= 1; ++dep)
    for (int mem = MEM_PAGEABLE; mem <= MEM_PINNED_API; ++mem)
      for (int async = 0; async <= 1; ++async)
        for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
          struct config cfg = {.dep = dep, .size = sizes[s], .tasks = 9, .chains = 3,
                               .length = 5, .async = async, .reps = 2, .mem = mem,
                               .full_check = 1};
          double med;
          int ok = run_config(&cfg, &med);
          printf("matmul: %s %s S=%d async=%d: %s\n", dep ? "dep" : "indep", mem_names[mem],
                 cfg.size, async, ok ? "OK verified" : "FAIL");
          fails += !ok;
        }
  printf(fails ? "FAIL: %d variant(s) wrong\n" : "OK: all variants verified\n", fails);
  return fails ? 1 : 0;
}

static enum mem_kind parse_mem(const char *s) {
  for (int m = MEM_PAGEABLE; m <= MEM_PINNED_API; ++m)
    if (!strcmp(s, mem_names[m]))
      return m;
  fprintf(stderr, "matmul: --mem wants pageable, pinned or pinned-api, not '%s'\n", s);
  exit(2);
}

int main(int argc, char **argv) {
  struct config cfg = {.dep = 0, .size = 64, .tasks = 2048, .chains = 16, .length = 8,
                       .async = 1, .reps = 3, .mem = MEM_PAGEABLE};
  int check = 0, require_device = 0;
  for (int i = 1; i < argc; ++i) {
    const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(o, "--check")) { check = 1; continue; }
    if (!strcmp(o, "--require-device")) { require_device = 1; continue; }
    if (!strcmp(o, "--premap")) { cfg.premap = 1; continue; }
    if (!v) { fprintf(stderr, "matmul: %s needs a value\n", o); return 2; }
    ++i;
    if (!strcmp(o, "--mode")) {
      if (strcmp(v, "indep") && strcmp(v, "dep")) {
        fprintf(stderr, "matmul: --mode wants indep or dep, not '%s'\n", v);
        return 2;
      }
      cfg.dep = !strcmp(v, "dep");
    } else if (!strcmp(o, "--size")) cfg.size = atoi(v);
    else if (!strcmp(o, "--tasks")) cfg.tasks = atoi(v);
    else if (!strcmp(o, "--chains")) cfg.chains = atoi(v);
    else if (!strcmp(o, "--length")) cfg.length = atoi(v);
    else if (!strcmp(o, "--async")) cfg.async = atoi(v) != 0;
    else if (!strcmp(o, "--reps")) cfg.reps = atoi(v);
    else if (!strcmp(o, "--mem")) cfg.mem = parse_mem(v);
    else { fprintf(stderr, "matmul: unknown option %s\n", o); return 2; }
  }
  if (cfg.size < 1 || cfg.tasks < 1 || cfg.chains < 1 || cfg.length < 1 || cfg.reps < 1) {
    fprintf(stderr, "matmul: --size, --tasks, --chains, --length and --reps must be positive\n");
    return 2;
  }
  int on_host = print_runtime();
  if (require_device && on_host) {
    printf("SKIP: target regions ran on the host, no offload device for this image\n");
    return 77;
  }
  if (check)
    return run_checks();
  double med;
  if (!run_config(&cfg, &med)) {
    printf("FAIL: %s S=%d: wrong result\n", cfg.dep ? "dep" : "indep", cfg.size);
    return 1;
  }
  print_result(&cfg, med);
  return 0;
}
