/* host_overhead.c — the per-construct overhead of an OpenMP host runtime,
 * measured the way EPCC's syncbench does.
 *
 * One binary, built by clang-19 -fopenmp and linked against libomp.so.5, runs
 * unchanged on our runtime and on LLVM's (bench/host/run.sh swaps them with
 * LD_LIBRARY_PATH and compares). For each construct:
 *
 *   reference: `reps` calls of delay() (or the construct's own serial
 *              equivalent), timed on the initial thread;
 *   test:      the same work wrapped in the construct, `reps` times;
 *   overhead = (median test time - median reference time) / reps.
 *
 * `reps` (EPCC's innerreps) doubles until one test takes at least the target
 * time, so the timer's resolution and one-off costs vanish; the test and
 * reference then repeat `outer` times and the medians are compared. The
 * standard deviation is that of the test samples (per construct, in µs).
 *
 * Every construct also verifies its results (counters under critical, sums
 * of reductions, each loop iteration run exactly once, ordered sequence);
 * a wrong result exits non-zero, so a runtime that gets a construct wrong
 * never reports a timing for it. --check runs every construct with tiny
 * repetition counts and the stricter checks, as a CTest smoke test.
 *
 * Output (stdout): '#' comment lines (which libomp was mapped, parameters),
 * then CSV: construct,threads,overhead_us,stddev_us.
 */
#include <math.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_THREADS 256
#define ITERS_PER_THREAD 32 /* loop iterations per thread in the `for` tests */
#define MAX_OUTER 1000

#define PRAGMA(x) _Pragma(#x)

/* ---- parameters and shared state ------------------------------------------ */

static int nthreads;            /* team size of every parallel region */
static int delay_length;        /* delay() loop count giving delay_us */
static bool checking;           /* --check: extra per-iteration checks */
static _Atomic long violations; /* wrong results seen by any thread */

/* Per-thread counters on their own cache lines; only the owner writes. */
static struct {
  _Atomic long n;
  char pad[64 - sizeof(long)];
} hits[MAX_THREADS];

static _Atomic int marks[MAX_THREADS * ITERS_PER_THREAD];

static void hit(int tid) {
  long old = atomic_load_explicit(&hits[tid].n, memory_order_relaxed);
  atomic_store_explicit(&hits[tid].n, old + 1, memory_order_relaxed);
}

static long hits_total(void) {
  long sum = 0;
  for (int t = 0; t < MAX_THREADS; t++)
    sum += atomic_load_explicit(&hits[t].n, memory_order_relaxed);
  return sum;
}

static void reset_counters(void) {
  for (int t = 0; t < MAX_THREADS; t++)
    atomic_store(&hits[t].n, 0);
  for (int i = 0; i < MAX_THREADS * ITERS_PER_THREAD; i++)
    atomic_store(&marks[i], 0);
  atomic_store(&violations, 0);
}

static void violation(void) { atomic_fetch_add(&violations, 1); }

static bool expect(const char *what, long got, long want) {
  if (got == want && atomic_load(&violations) == 0)
    return true;
  fprintf(stderr, "host_overhead: %s: got %ld, want %ld (%ld ordering/ownership violations)\n",
          what, got, want, atomic_load(&violations));
  return false;
}

/* EPCC's delay: a serial floating-point chain the compiler cannot shorten. */
static void delay(int length) {
  float a = 0.0f;
  for (int i = 0; i < length; i++)
    a += (float)i;
  if (a < 0)
    printf("%f", a);
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- reference loops ----------------------------------------------------- */

static bool ref_delay(long reps) {
  for (long j = 0; j < reps; j++)
    delay(delay_length);
  return true;
}

/* What one thread does in one `for` test construct. */
static bool ref_for(long reps) {
  for (long j = 0; j < reps; j++)
    for (int i = 0; i < ITERS_PER_THREAD; i++)
      delay(delay_length);
  return true;
}

static volatile long serial_counter;

static bool ref_increment(long reps) {
  for (long j = 0; j < reps; j++)
    serial_counter += 1;
  return true;
}

/* ---- the constructs ---------------------------------------------------------- */

static bool test_parallel(long reps) {
  for (long j = 0; j < reps; j++) {
#pragma omp parallel
    {
      delay(delay_length);
      hit(omp_get_thread_num());
    }
  }
  return expect("parallel: bodies run", hits_total(), reps * nthreads);
}

/* Each `for` test: reps worksharing loops of nthreads*ITERS_PER_THREAD
 * iterations inside one parallel region; every iteration runs once. */
#define FOR_TEST(fn, label, ...)                                             \
  static bool fn(long reps) {                                                  \
    int n = nthreads * ITERS_PER_THREAD;                                       \
    _Pragma("omp parallel") {                                                  \
      int tid = omp_get_thread_num();                                          \
      for (long j = 0; j < reps; j++) {                                        \
        PRAGMA(omp for schedule(__VA_ARGS__))                                  \
        for (int i = 0; i < n; i++) {                                          \
          delay(delay_length);                                                 \
          hit(tid);                                                            \
          if (checking)                                                        \
            atomic_fetch_add_explicit(&marks[i], 1, memory_order_relaxed);     \
        }                                                                      \
      }                                                                        \
    }                                                                          \
    if (checking)                                                              \
      for (int i = 0; i < n; i++)                                              \
        if (!expect(label ": runs of one iteration", marks[i], reps))          \
          return false;                                                        \
    return expect(label ": iterations run", hits_total(), reps * n);           \
  }

FOR_TEST(test_for_static, "for static", static)
FOR_TEST(test_for_static_1, "for static,1", static, 1)
FOR_TEST(test_for_dynamic_1, "for dynamic,1", dynamic, 1)
FOR_TEST(test_for_dynamic_16, "for dynamic,16", dynamic, 16)
FOR_TEST(test_for_guided, "for guided", guided)
FOR_TEST(test_for_runtime, "for runtime", runtime)

static bool test_barrier(long reps) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    for (long j = 0; j < reps; j++) {
      delay(delay_length);
      hit(tid);
#pragma omp barrier
      /* Everybody's arrival for round j happened before anyone leaves it. */
      if (checking && hits_total() < (j + 1) * nthreads)
        violation();
    }
  }
  return expect("barrier: arrivals", hits_total(), reps * nthreads);
}

static bool test_single(long reps) {
  long executions = 0;
#pragma omp parallel
  {
    for (long j = 0; j < reps; j++) {
#pragma omp single
      {
        delay(delay_length);
        executions++;
      }
    }
  }
  return expect("single: executions", executions, reps);
}

/* critical, lock and atomic split reps across the team, as EPCC does. */
static bool test_critical(long reps) {
  long count = 0;
#pragma omp parallel
  {
    for (long j = 0; j < reps / nthreads; j++) {
#pragma omp critical
      {
        delay(delay_length);
        count++;
      }
    }
  }
  return expect("critical: increments", count, reps / nthreads * nthreads);
}

static bool test_lock(long reps) {
  long count = 0;
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp parallel
  {
    for (long j = 0; j < reps / nthreads; j++) {
      omp_set_lock(&lock);
      delay(delay_length);
      count++;
      omp_unset_lock(&lock);
    }
  }
  omp_destroy_lock(&lock);
  return expect("lock/unlock: increments", count, reps / nthreads * nthreads);
}

static bool test_atomic(long reps) {
  long count = 0;
#pragma omp parallel
  {
    for (long j = 0; j < reps / nthreads; j++) {
#pragma omp atomic
      count += 1;
    }
  }
  return expect("atomic: increments", count, reps / nthreads * nthreads);
}

static bool test_reduction(long reps) {
  long sum = 0;
  for (long j = 0; j < reps; j++) {
#pragma omp parallel reduction(+ : sum)
    {
      delay(delay_length);
      sum += 1 + omp_get_thread_num();
    }
  }
  return expect("reduction: sum", sum, reps * ((long)nthreads * (nthreads + 1) / 2));
}

static bool test_parallel_for(long reps) {
  for (long j = 0; j < reps; j++) {
#pragma omp parallel for
    for (int i = 0; i < nthreads; i++) {
      delay(delay_length);
      hit(omp_get_thread_num());
      if (checking)
        atomic_fetch_add_explicit(&marks[i], 1, memory_order_relaxed);
    }
  }
  if (checking)
    for (int i = 0; i < nthreads; i++)
      if (!expect("parallel for: runs of one iteration", marks[i], reps))
        return false;
  return expect("parallel for: iterations run", hits_total(), reps * nthreads);
}

/* A region nested in a one-thread region (max-active-levels 2): its team is
 * made per region, not kept hot as a top-level one is. */
static bool test_nested_parallel(long reps) {
  int saved_levels = omp_get_max_active_levels();
  omp_set_max_active_levels(2);
  for (long j = 0; j < reps; j++) {
#pragma omp parallel num_threads(1)
#pragma omp parallel
    {
      delay(delay_length);
      hit(omp_get_thread_num());
    }
  }
  omp_set_max_active_levels(saved_levels);
  return expect("nested parallel: bodies run", hits_total(), reps * nthreads);
}

/* A host teams region of one team with a parallel region inside: what a
 * `target teams distribute parallel for` runs on the x86_64 device. Its
 * team may be smaller than nthreads (teams take at most one thread per
 * processor together, KMP_TEAMS_THREAD_LIMIT, in LLVM's runtime too). */
static bool test_teams_parallel(long reps) {
  int team_size = 0;
  for (long j = 0; j < reps; j++) {
#pragma omp teams num_teams(1) thread_limit(nthreads)
#pragma omp parallel num_threads(nthreads)
    {
      delay(delay_length);
      hit(omp_get_thread_num());
      if (omp_get_thread_num() == 0)
        team_size = omp_get_num_threads();
    }
  }
  return expect("teams parallel: bodies run", hits_total(), reps * team_size);
}

static bool test_ordered(long reps) {
  long next = 0;
#pragma omp parallel for ordered schedule(static, 1)
  for (long j = 0; j < reps; j++) {
#pragma omp ordered
    {
      if (next != j)
        violation();
      next = j + 1;
      delay(delay_length);
    }
  }
  return expect("ordered: iterations in order", next, reps);
}

/* master has no barrier: the others run ahead to the region's join. */
static bool test_master(long reps) {
  long executions = 0;
#pragma omp parallel
  {
    for (long j = 0; j < reps; j++) {
#pragma omp master
      {
        if (omp_get_thread_num() != 0)
          violation();
        delay(delay_length);
        executions++;
      }
    }
  }
  return expect("master: executions", executions, reps);
}

struct construct {
  const char *name;
  bool (*test)(long reps);
  bool (*reference)(long reps);
  bool split_across_team; /* reps must be a multiple of nthreads */
};

static const struct construct constructs[] = {
    {"parallel", test_parallel, ref_delay, false},
    {"for_static", test_for_static, ref_for, false},
    {"for_static_1", test_for_static_1, ref_for, false},
    {"for_dynamic_1", test_for_dynamic_1, ref_for, false},
    {"for_dynamic_16", test_for_dynamic_16, ref_for, false},
    {"for_guided", test_for_guided, ref_for, false},
    {"for_runtime", test_for_runtime, ref_for, false},
    {"barrier", test_barrier, ref_delay, false},
    {"single", test_single, ref_delay, false},
    {"critical", test_critical, ref_delay, true},
    {"lock_unlock", test_lock, ref_delay, true},
    {"atomic", test_atomic, ref_increment, true},
    {"reduction", test_reduction, ref_delay, false},
    {"parallel_for", test_parallel_for, ref_delay, false},
    {"nested_parallel", test_nested_parallel, ref_delay, false},
    {"teams_parallel", test_teams_parallel, ref_delay, false},
    {"ordered", test_ordered, ref_delay, false},
    {"master", test_master, ref_delay, false},
};
#define NCONSTRUCTS (sizeof(constructs) / sizeof(constructs[0]))

/* ---- measurement --------------------------------------------------------------- */

struct options {
  bool check;
  const char *only; /* comma-separated construct names, NULL for all */
  int outer;        /* outer repetitions (EPCC: 20) */
  double target_us; /* minimum time of one test (EPCC: 1000 µs) */
  double delay_us;  /* work inside each construct (EPCC: 0.1 µs) */
};

/* Runs fn(reps) once; the time in seconds, or a negative value when the
 * construct's results were wrong. */
static double timed_run(bool (*fn)(long), long reps) {
  reset_counters();
  double start = now_s();
  bool ok = fn(reps);
  double elapsed = now_s() - start;
  return ok ? elapsed : -1.0;
}

static int compare_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof(*v), compare_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double stddev(const double *v, int n) {
  double mean = 0, var = 0;
  for (int i = 0; i < n; i++)
    mean += v[i];
  mean /= n;
  for (int i = 0; i < n; i++)
    var += (v[i] - mean) * (v[i] - mean);
  return n > 1 ? sqrt(var / (n - 1)) : 0.0;
}

static long round_up(long reps, long multiple) {
  return (reps + multiple - 1) / multiple * multiple;
}

/* Measures one construct; prints its CSV line. False when it failed. */
static bool measure(const struct construct *c, const struct options *opt) {
  long multiple = c->split_across_team ? nthreads : 1;
  long reps = round_up(1, multiple);
  double t;
  /* EPCC's innerreps: double until one test lasts the target time. The
   * first run also starts the threads and warms the caches; the fastest of
   * three runs decides, so one preempted run cannot stop the doubling. */
  for (;;) {
    double fastest = -1;
    for (int attempt = 0; attempt < 3; attempt++) {
      if ((t = timed_run(c->test, reps)) < 0)
        return false;
      if (fastest < 0 || t < fastest)
        fastest = t;
    }
    if (fastest >= opt->target_us * 1e-6 || reps >= (1L << 40))
      break;
    reps = round_up(reps * 2, multiple);
  }
  double test[MAX_OUTER], ref[MAX_OUTER];
  for (int k = 0; k < opt->outer; k++) {
    if ((t = timed_run(c->test, reps)) < 0)
      return false;
    test[k] = t * 1e6 / (double)reps;
    ref[k] = timed_run(c->reference, reps) * 1e6 / (double)reps;
  }
  double sd = stddev(test, opt->outer);
  double overhead = median(test, opt->outer) - median(ref, opt->outer);
  printf("%s,%d,%.4f,%.4f\n", c->name, nthreads, overhead, sd);
  fflush(stdout);
  return true;
}

/* --check: few repetitions, every per-iteration check on. */
static bool check(const struct construct *c) {
  checking = true;
  bool ok = true;
  long multiple = c->split_across_team ? nthreads : 1;
  for (long reps = 1; reps <= 64 && ok; reps *= 4)
    ok = timed_run(c->test, round_up(reps, multiple)) >= 0;
  printf("%s: %s\n", c->name, ok ? "ok" : "FAILED");
  fflush(stdout);
  checking = false;
  return ok;
}

/* ---- set-up ------------------------------------------------------------------------- */

static void calibrate_delay(double delay_us) {
  const int calls = 10000;
  int length = 1;
  double per_call_us = 0;
  for (;;) {
    double start = now_s();
    for (int i = 0; i < calls; i++)
      delay(length);
    per_call_us = (now_s() - start) * 1e6 / calls;
    if (per_call_us >= delay_us / 4 || length >= (1 << 24))
      break;
    length *= 2;
  }
  delay_length = (int)(length * delay_us / per_call_us + 0.5);
  if (delay_length < 1)
    delay_length = 1;
}

/* Which libomp the dynamic linker mapped: the proof of which runtime ran. */
static void print_runtime_path(void) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[4096];
  const char *found = NULL;
  while (maps && fgets(line, sizeof(line), maps)) {
    char *path = strchr(line, '/');
    if (!path)
      continue;
    path[strcspn(path, "\n")] = '\0';
    const char *base = strrchr(path, '/') + 1;
    if (strncmp(base, "libomp", 6) == 0 && strncmp(base, "libomptarget", 12) != 0 &&
        strstr(base, ".so")) {
      found = path;
      break;
    }
  }
  printf("# libomp: %s\n", found ? found : "(none mapped)");
  if (maps)
    fclose(maps);
}

static bool selected(const char *name, const char *only) {
  if (!only)
    return true;
  size_t len = strlen(name);
  for (const char *p = only; *p;) {
    size_t item = strcspn(p, ",");
    if (item == len && strncmp(p, name, len) == 0)
      return true;
    p += item + (p[item] == ',');
  }
  return false;
}

static void usage(void) {
  fprintf(stderr,
          "usage: host_overhead [--check] [--list] [--only NAME[,NAME...]]\n"
          "                     [--outer N] [--target-us US] [--delay-us US]\n"
          "Threads come from OMP_NUM_THREADS. Output: construct,threads,overhead_us,stddev_us\n");
  exit(2);
}

static void parse_options(int argc, char **argv, struct options *opt) {
  *opt = (struct options){.outer = 20, .target_us = 1000, .delay_us = 0.1};
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(arg, "--check") == 0) {
      opt->check = true;
    } else if (strcmp(arg, "--list") == 0) {
      for (size_t c = 0; c < NCONSTRUCTS; c++)
        printf("%s\n", constructs[c].name);
      exit(0);
    } else if (strcmp(arg, "--only") == 0 && value) {
      opt->only = value, i++;
    } else if (strcmp(arg, "--outer") == 0 && value) {
      opt->outer = atoi(value), i++;
    } else if (strcmp(arg, "--target-us") == 0 && value) {
      opt->target_us = atof(value), i++;
    } else if (strcmp(arg, "--delay-us") == 0 && value) {
      opt->delay_us = atof(value), i++;
    } else {
      usage();
    }
  }
  if (opt->outer < 1 || opt->outer > MAX_OUTER || opt->target_us <= 0 || opt->delay_us <= 0) {
    fprintf(stderr, "host_overhead: --outer must be 1..%d, --target-us and --delay-us > 0\n",
            MAX_OUTER);
    exit(2);
  }
  if (opt->only)
    for (const char *p = opt->only; *p;) {
      size_t item = strcspn(p, ",");
      bool known = false;
      for (size_t c = 0; c < NCONSTRUCTS; c++)
        known |= strlen(constructs[c].name) == item && strncmp(p, constructs[c].name, item) == 0;
      if (!known) {
        fprintf(stderr, "host_overhead: unknown construct '%.*s' (see --list)\n", (int)item, p);
        exit(2);
      }
      p += item + (p[item] == ',');
    }
}

int main(int argc, char **argv) {
  struct options opt;
  parse_options(argc, argv, &opt);
  print_runtime_path();
  nthreads = omp_get_max_threads();
  if (nthreads > MAX_THREADS) {
    fprintf(stderr, "host_overhead: at most %d threads\n", MAX_THREADS);
    return 2;
  }
  calibrate_delay(opt.delay_us);
  printf("# threads %d, delay %.3f us (length %d), outer %d, target %.0f us\n", nthreads,
         opt.delay_us, delay_length, opt.outer, opt.target_us);
  if (!opt.check)
    printf("construct,threads,overhead_us,stddev_us\n");
  fflush(stdout);
  int failed = 0;
  for (size_t c = 0; c < NCONSTRUCTS; c++) {
    if (!selected(constructs[c].name, opt.only))
      continue;
    bool ok = opt.check ? check(&constructs[c]) : measure(&constructs[c], &opt);
    if (!ok) {
      fprintf(stderr, "host_overhead: %s failed\n", constructs[c].name);
      failed++;
    }
  }
  return failed ? 1 : 0;
}
