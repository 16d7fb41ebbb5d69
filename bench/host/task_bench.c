/* task_bench.c — what OpenMP tasking costs in a host runtime: task spawn
 * throughput, recursive tasks (fib), dependence chains and diamonds,
 * taskloop, and the hidden-helper round trip.
 *
 * The companion of host_overhead.c, built and driven the same way: one
 * binary, built by clang-19 -fopenmp and linked against libomp.so.5, runs
 * unchanged on our runtime and on LLVM's (bench/host/run.sh --suite tasks
 * swaps them with LD_LIBRARY_PATH and compares). For each benchmark:
 *
 *   one test = `reps` units of work (tasks, fib(n) calls, taskloops, round
 *              trips), timed on the initial thread;
 *   value    = median over `outer` tests of (test time / reps), in µs per
 *              unit, or, for the hidden-helper rows, the median of the
 *              individually timed round trips.
 *
 * `reps` doubles until one test takes at least the target time (EPCC's
 * innerreps), the fastest of three runs deciding, so timer resolution,
 * thread start-up and one-off costs vanish. The stddev is that of the test
 * samples (of the individual round trips for the hidden-helper rows).
 *
 * Every benchmark verifies its results while it is timed (every task ran
 * once, fib's value, the chain's order, the diamonds' sums, each taskloop
 * iteration once, helper tasks ran on a helper thread before taskwait
 * returned); a wrong result exits non-zero, so a runtime never gets a timing
 * for a construct it got wrong. --check runs every benchmark with tiny
 * repetition counts and stricter checks, as a CTest smoke test.
 *
 * Output (stdout): '#' comment lines (which libomp was mapped, parameters),
 * then CSV: benchmark,threads,time_us,stddev_us.
 */
#include <math.h>
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 256
#define MAX_OUTER 1000
#define MAX_MARKS (1 << 16)      /* tasks tracked one by one under --check */
#define MAX_SAMPLES (1 << 17)    /* individually timed round trips kept */
#define FIB_N 27
#define FIB_CUTOFF 12            /* fib(n <= cutoff) runs serially: 3192 tasks */
#define DIAMOND_WIDTH 8          /* tasks between a diamond's source and sink */
#define TASKLOOP_N 16384         /* array elements of one taskloop */
#define HH_BURST 64              /* helper tasks per burst */

#define PRAGMA(x) _Pragma(#x)

/* ---- shared state and checks ---------------------------------------------- */

static int nthreads;            /* team size of every parallel region */
static bool checking;           /* --check: extra per-task checks */
static _Atomic long violations; /* wrong results seen by any thread */

/* Per-thread counters on their own cache lines; only the owner writes. */
static struct {
  _Atomic long n;
  char pad[64 - sizeof(long)];
} hits[MAX_THREADS];

static _Atomic int marks[MAX_MARKS];

static void hit(void) {
  int tid = omp_get_thread_num();
  long old = atomic_load_explicit(&hits[tid].n, memory_order_relaxed);
  atomic_store_explicit(&hits[tid].n, old + 1, memory_order_relaxed);
}

static long hits_total(void) {
  long sum = 0;
  for (int t = 0; t < MAX_THREADS; t++)
    sum += atomic_load_explicit(&hits[t].n, memory_order_relaxed);
  return sum;
}

static void violation(void) { atomic_fetch_add(&violations, 1); }

static bool expect(const char *what, long got, long want) {
  if (got == want && atomic_load(&violations) == 0)
    return true;
  fprintf(stderr, "task_bench: %s: got %ld, want %ld (%ld ordering/placement violations)\n",
          what, got, want, atomic_load(&violations));
  return false;
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Individually timed round trips of the current test (hidden-helper rows). */
static double samples[MAX_SAMPLES];
static int nsamples;

static void record_sample(double seconds) {
  if (nsamples < MAX_SAMPLES)
    samples[nsamples++] = seconds * 1e6;
}

/* ---- 1. spawn: one thread creates, the team executes ----------------------------- */

/* One spawned task's work, and the check that every task ran once. */
static void spawned(long j) {
  hit();
  if (checking && j < MAX_MARKS)
    atomic_fetch_add_explicit(&marks[j], 1, memory_order_relaxed);
}

static bool spawned_once(const char *name, long reps) {
  if (checking)
    for (long j = 0; j < reps && j < MAX_MARKS; j++)
      if (!expect(name, marks[j], 1))
        return false;
  return expect(name, hits_total(), reps);
}

static void spawn_loop(long reps) {
  for (long j = 0; j < reps; j++) {
#pragma omp task firstprivate(j)
    spawned(j);
  }
}

/* From `single`, the other members run the tasks at its barrier; from
 * `master`, at the region's join (EPCC taskbench's MASTER TASK). */
static bool spawn_from(bool master, long reps) {
#pragma omp parallel
  {
    if (master) {
#pragma omp master
      spawn_loop(reps);
    } else {
#pragma omp single
      spawn_loop(reps);
    }
  }
  return spawned_once(master ? "spawn_master: runs of each task, tasks run"
                             : "spawn: runs of each task, tasks run",
                      reps);
}

static bool test_spawn(long reps) { return spawn_from(false, reps); }
static bool test_spawn_master(long reps) { return spawn_from(true, reps); }

/* Every member works through its share of `reps`, making one task per
 * unit from its own implicit task: nobody waits for a producer.
 *   if0:      `task if(0)`, run at once by the member itself (EPCC
 *             taskbench's CONDITIONAL TASK): the members share nothing but
 *             what the runtime makes them share;
 *   deferred: queued, the region's end waits for them (PARALLEL TASK);
 *   taskwait: queued, then waited for before the next (TASK WAIT), so
 *             members steal each other's. */
enum share_kind { SHARE_IF0, SHARE_DEFERRED, SHARE_TASKWAIT };

static void member_shares(long reps, enum share_kind kind) {
#pragma omp parallel
  {
    long members = omp_get_num_threads();
    for (long j = omp_get_thread_num(); j < reps; j += members) {
      if (kind == SHARE_IF0) {
#pragma omp task if (0) firstprivate(j)
        spawned(j);
      } else {
#pragma omp task firstprivate(j)
        spawned(j);
        if (kind == SHARE_TASKWAIT) {
#pragma omp taskwait
        }
      }
    }
  }
}

static bool test_if0(long reps) {
  member_shares(reps, SHARE_IF0);
  return spawned_once("if0: runs of each task, tasks run", reps);
}

static bool test_own_tasks(long reps) {
  member_shares(reps, SHARE_DEFERRED);
  return spawned_once("own_tasks: runs of each task, tasks run", reps);
}

static bool test_taskwait(long reps) {
  member_shares(reps, SHARE_TASKWAIT);
  return spawned_once("taskwait: runs of each task, tasks run", reps);
}

/* The same from member 0 alone while the others sleep in the program's
 * own code, outside the runtime: nobody steals, so this is what queueing
 * a task and taking it back costs its owner. */
static bool test_taskwait_solo(long reps) {
  atomic_int done = 0;
#pragma omp parallel shared(done)
  {
    if (omp_get_thread_num() == 0) {
      for (long j = 0; j < reps; j++) {
#pragma omp task firstprivate(j)
        spawned(j);
#pragma omp taskwait
      }
      atomic_store(&done, 1);
    } else {
      while (!atomic_load(&done))
        usleep(50);
    }
  }
  return spawned_once("taskwait_solo: runs of each task, tasks run", reps);
}

/* ---- 2. fib(n) with a cutoff ------------------------------------------------------ */

static long fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

static long fib_tasks(int n) {
  if (n <= FIB_CUTOFF)
    return fib_serial(n);
  long x, y;
#pragma omp task shared(x) firstprivate(n)
  x = fib_tasks(n - 1);
#pragma omp task shared(y) firstprivate(n)
  y = fib_tasks(n - 2);
#pragma omp taskwait
  return x + y;
}

static long fib_expected;

static bool test_fib(long reps) {
  long wrong = 0;
#pragma omp parallel
#pragma omp single
  for (long j = 0; j < reps; j++)
    if (fib_tasks(FIB_N) != fib_expected)
      wrong++;
  return expect("fib: wrong results", wrong, 0);
}

/* ---- 3. dependences: one chain, repeated diamonds ---------------------------------- */

static long chain_value;

/* reps tasks, all inout on one variable: each must see its predecessor's. */
static bool test_dep_chain(long reps) {
  chain_value = 0;
#pragma omp parallel
#pragma omp single
  for (long j = 0; j < reps; j++) {
#pragma omp task depend(inout : chain_value) firstprivate(j)
    {
      if (chain_value != j)
        violation();
      chain_value = j + 1;
    }
  }
  return expect("dep_chain: final value", chain_value, reps);
}

static long diamond_top;
static long diamond_side[DIAMOND_WIDTH];

/* reps diamonds of DIAMOND_WIDTH + 1 tasks: each side reads the top and
 * writes its own slot; the sink reads every slot and writes the next top,
 * (8 top + 36) / 8 = top + 4. A side running early or late breaks the sum. */
static bool test_dep_diamond(long reps) {
  diamond_top = 0;
#pragma omp parallel
#pragma omp single
  for (long k = 0; k < reps; k++) {
    for (int i = 0; i < DIAMOND_WIDTH; i++) {
#pragma omp task depend(in : diamond_top) depend(out : diamond_side[i]) firstprivate(i, k)
      {
        if (diamond_top != 4 * k)
          violation();
        diamond_side[i] = diamond_top + i + 1;
      }
    }
#pragma omp task depend(in : diamond_side[0], diamond_side[1], diamond_side[2],              \
                            diamond_side[3], diamond_side[4], diamond_side[5],              \
                            diamond_side[6], diamond_side[7]) depend(out : diamond_top)
    {
      long sum = 0;
      for (int i = 0; i < DIAMOND_WIDTH; i++)
        sum += diamond_side[i];
      diamond_top = sum / DIAMOND_WIDTH;
    }
  }
  return expect("dep_diamond: final top", diamond_top, 4 * reps);
}
_Static_assert(DIAMOND_WIDTH == 8, "the sink's depend clause lists 8 sides");

/* ---- 4. taskloop over an array ------------------------------------------------------ */

static int taskloop_array[TASKLOOP_N];

static bool taskloop_verify(const char *label, long reps) {
  for (int i = 0; i < TASKLOOP_N; i++)
    if (taskloop_array[i] != reps) {
      fprintf(stderr, "task_bench: %s: element %d ran %d times, want %ld\n", label, i,
              taskloop_array[i], reps);
      return false;
    }
  return true;
}

/* reps taskloops (each waits for its tasks: implicit taskgroup) of
 * TASKLOOP_N increments, spawned by one thread of the team. */
#define TASKLOOP_TEST(fn, label, grain)                                        \
  static bool fn(long reps) {                                                  \
    memset(taskloop_array, 0, sizeof(taskloop_array));                         \
    _Pragma("omp parallel") _Pragma("omp single")                              \
    for (long j = 0; j < reps; j++) {                                          \
      PRAGMA(omp taskloop grainsize(grain))                                    \
      for (int i = 0; i < TASKLOOP_N; i++)                                     \
        taskloop_array[i]++;                                                   \
    }                                                                          \
    return taskloop_verify(label, reps);                                       \
  }

TASKLOOP_TEST(test_taskloop_g16, "taskloop grainsize(16)", 16)
TASKLOOP_TEST(test_taskloop_g256, "taskloop grainsize(256)", 256)
TASKLOOP_TEST(test_taskloop_g4096, "taskloop grainsize(4096)", 4096)

/* ---- 5. hidden-helper round trips ---------------------------------------------------- */

/* The entry points clang-19 emits for `target nowait`; both runtimes export
 * them and run such tasks on their hidden helper threads, no GPU needed
 * (as in test/host/task_hidden_helper.c). */
typedef int32_t (*task_entry_t)(int32_t, void *);
typedef struct {
  void *shareds;
  task_entry_t routine;
  int32_t part_id;
  void *data1, *data2;
} kmp_task_t;

extern kmp_task_t *__kmpc_omp_target_task_alloc(void *loc, int32_t gtid, int32_t flags,
                                                size_t sizeof_task, size_t sizeof_shareds,
                                                task_entry_t entry, int64_t device);
extern int32_t __kmpc_omp_task(void *loc, int32_t gtid, kmp_task_t *task);
extern int32_t __kmpc_omp_taskwait(void *loc, int32_t gtid);
extern int32_t __kmpc_global_thread_num(void *loc);

static pthread_t initial_thread;
static _Atomic long helper_runs;

static int32_t helper_body(int32_t gtid, void *task) {
  (void)gtid;
  (void)task;
  if (pthread_equal(pthread_self(), initial_thread))
    violation(); /* ran inline: not a hidden-helper round trip */
  atomic_fetch_add_explicit(&helper_runs, 1, memory_order_relaxed);
  return 0;
}

static void helper_spawn(int32_t gtid) {
  kmp_task_t *task = __kmpc_omp_target_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t), 0,
                                                  helper_body, 0);
  __kmpc_omp_task(NULL, gtid, task);
}

/* reps rounds of `burst` helper tasks then one taskwait, each round timed,
 * from the initial thread with no parallel region. */
static bool helper_rounds(const char *label, long reps, int burst) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  atomic_store(&helper_runs, 0);
  for (long j = 0; j < reps; j++) {
    double start = now_s();
    for (int i = 0; i < burst; i++)
      helper_spawn(gtid);
    __kmpc_omp_taskwait(NULL, gtid);
    record_sample(now_s() - start);
    if (atomic_load_explicit(&helper_runs, memory_order_relaxed) != (j + 1) * burst)
      return expect(label, helper_runs, (j + 1) * burst); /* taskwait returned early */
  }
  return expect(label, helper_runs, reps * burst);
}

static bool test_hh_roundtrip(long reps) {
  return helper_rounds("hh_roundtrip: helper tasks run", reps, 1);
}

/* The same right after a parallel region of the whole team, whose workers
 * then wait for their next fork (spinning for the blocktime) on the cores
 * the helpers need. */
static bool test_hh_after_region(long reps) {
#pragma omp parallel
  hit();
  return helper_rounds("hh_after_region: helper tasks run", reps, 1);
}

static bool test_hh_burst64(long reps) {
  return helper_rounds("hh_burst64: helper tasks run", reps, HH_BURST);
}

/* ---- the table of benchmarks ------------------------------------------------------------ */

struct benchmark {
  const char *name;
  const char *unit;      /* what one of the reps is: the value is µs per unit */
  bool (*test)(long reps);
  long first_reps;       /* where the doubling starts */
  bool per_sample;       /* value: median of individually timed samples */
};

static const struct benchmark benchmarks[] = {
    {"spawn", "per task", test_spawn, 64, false},
    {"spawn_master", "per task (from master)", test_spawn_master, 64, false},
    {"if0", "per task (if(0), from every member)", test_if0, 64, false},
    {"own_tasks", "per task (from every member)", test_own_tasks, 64, false},
    {"taskwait", "per task + taskwait (from every member)", test_taskwait, 64, false},
    {"taskwait_solo", "per task + taskwait (member 0, others outside)", test_taskwait_solo,
     64, false},
    {"fib", "per fib(27), cutoff 12 (3192 tasks)", test_fib, 1, false},
    {"dep_chain", "per task (one inout chain)", test_dep_chain, 64, false},
    {"dep_diamond", "per task (diamonds: 8 sides, 1 sink)", test_dep_diamond, 8, false},
    {"taskloop_g16", "per taskloop of 16384 (1024 tasks)", test_taskloop_g16, 1, false},
    {"taskloop_g256", "per taskloop of 16384 (64 tasks)", test_taskloop_g256, 1, false},
    {"taskloop_g4096", "per taskloop of 16384 (4 tasks)", test_taskloop_g4096, 1, false},
    {"hh_roundtrip", "per helper-task round trip", test_hh_roundtrip, 16, true},
    {"hh_after_region", "per helper-task round trip (after a region)", test_hh_after_region,
     16, true},
    {"hh_burst64", "per burst of 64 helper tasks", test_hh_burst64, 4, true},
};
#define NBENCHMARKS (sizeof(benchmarks) / sizeof(benchmarks[0]))

/* ---- measurement --------------------------------------------------------------------------- */

struct options {
  bool check;
  int repeat;       /* --check: runs of each benchmark's check */
  const char *only; /* comma-separated benchmark names, NULL for all */
  int outer;        /* outer repetitions (EPCC: 20) */
  double target_us; /* minimum time of one test (EPCC: 1000 µs) */
};

static void reset_counters(void) {
  for (int t = 0; t < MAX_THREADS; t++)
    atomic_store(&hits[t].n, 0);
  for (int i = 0; i < MAX_MARKS; i++)
    atomic_store(&marks[i], 0);
  atomic_store(&violations, 0);
}

/* Runs fn(reps) once; the time in seconds, or a negative value when the
 * benchmark's results were wrong. */
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

/* Measures one benchmark; prints its CSV line. False when it failed. */
static bool measure(const struct benchmark *b, const struct options *opt) {
  long reps = b->first_reps;
  double t;
  /* The first runs also start the threads (the helper team included) and
   * warm the caches; the fastest of three runs decides the doubling. */
  for (;;) {
    double fastest = -1;
    for (int attempt = 0; attempt < 3; attempt++) {
      if ((t = timed_run(b->test, reps)) < 0)
        return false;
      if (fastest < 0 || t < fastest)
        fastest = t;
    }
    if (fastest >= opt->target_us * 1e-6 || reps >= (1L << 30))
      break;
    reps *= 2;
  }
  double test[MAX_OUTER];
  nsamples = 0;
  for (int k = 0; k < opt->outer; k++) {
    if ((t = timed_run(b->test, reps)) < 0)
      return false;
    test[k] = t * 1e6 / (double)reps;
  }
  double value, sd;
  if (b->per_sample) {
    sd = stddev(samples, nsamples);
    value = median(samples, nsamples);
  } else {
    sd = stddev(test, opt->outer);
    value = median(test, opt->outer);
  }
  printf("%s,%d,%.4f,%.4f\n", b->name, nthreads, value, sd);
  fflush(stdout);
  return true;
}

/* --check: few repetitions, every per-task check on; `repeat` times over
 * (a scheduling bug that shows one run in a hundred needs many). */
static bool check(const struct benchmark *b, int repeat) {
  checking = true;
  bool ok = true;
  for (int r = 0; r < repeat && ok; r++)
    for (long reps = 1; reps <= 16 && ok; reps *= 4)
      ok = timed_run(b->test, reps) >= 0;
  printf("%s: %s\n", b->name, ok ? "ok" : "FAILED");
  fflush(stdout);
  checking = false;
  return ok;
}

/* ---- set-up ------------------------------------------------------------------------------------- */

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

static const struct benchmark *find_benchmark(const char *name, size_t len) {
  for (size_t b = 0; b < NBENCHMARKS; b++)
    if (strlen(benchmarks[b].name) == len && strncmp(name, benchmarks[b].name, len) == 0)
      return &benchmarks[b];
  return NULL;
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
          "usage: task_bench [--check [--repeat N]] [--list] [--only NAME[,NAME...]]\n"
          "                  [--outer N] [--target-us US]\n"
          "Threads come from OMP_NUM_THREADS. Output: benchmark,threads,time_us,stddev_us\n"
          "--list prints each benchmark's name, a tab, and its unit.\n");
  exit(2);
}

static void parse_options(int argc, char **argv, struct options *opt) {
  *opt = (struct options){.outer = 20, .target_us = 1000, .repeat = 1};
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(arg, "--check") == 0) {
      opt->check = true;
    } else if (strcmp(arg, "--list") == 0) {
      for (size_t b = 0; b < NBENCHMARKS; b++)
        printf("%s\t%s\n", benchmarks[b].name, benchmarks[b].unit);
      exit(0);
    } else if (strcmp(arg, "--only") == 0 && value) {
      opt->only = value, i++;
    } else if (strcmp(arg, "--repeat") == 0 && value) {
      opt->repeat = atoi(value), i++;
    } else if (strcmp(arg, "--outer") == 0 && value) {
      opt->outer = atoi(value), i++;
    } else if (strcmp(arg, "--target-us") == 0 && value) {
      opt->target_us = atof(value), i++;
    } else {
      usage();
    }
  }
  if (opt->outer < 1 || opt->outer > MAX_OUTER || opt->target_us <= 0 || opt->repeat < 1) {
    fprintf(stderr, "task_bench: --outer must be 1..%d, --target-us and --repeat > 0\n",
            MAX_OUTER);
    exit(2);
  }
  if (opt->only)
    for (const char *p = opt->only; *p;) {
      size_t item = strcspn(p, ",");
      if (!find_benchmark(p, item)) {
        fprintf(stderr, "task_bench: unknown benchmark '%.*s' (see --list)\n", (int)item, p);
        exit(2);
      }
      p += item + (p[item] == ',');
    }
}

int main(int argc, char **argv) {
  struct options opt;
  parse_options(argc, argv, &opt);
  print_runtime_path();
  initial_thread = pthread_self();
  nthreads = omp_get_max_threads();
  if (nthreads > MAX_THREADS) {
    fprintf(stderr, "task_bench: at most %d threads\n", MAX_THREADS);
    return 2;
  }
  fib_expected = fib_serial(FIB_N);
  printf("# threads %d, outer %d, target %.0f us\n", nthreads, opt.outer, opt.target_us);
  if (!opt.check)
    printf("benchmark,threads,time_us,stddev_us\n");
  fflush(stdout);
  int failed = 0;
  for (size_t b = 0; b < NBENCHMARKS; b++) {
    if (!selected(benchmarks[b].name, opt.only))
      continue;
    bool ok = opt.check ? check(&benchmarks[b], opt.repeat) : measure(&benchmarks[b], &opt);
    if (!ok) {
      fprintf(stderr, "task_bench: %s failed\n", benchmarks[b].name);
      failed++;
    }
  }
  return failed ? 1 : 0;
}
