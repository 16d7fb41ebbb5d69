/* A worker waiting for its next fork gives its core to awake hidden helpers
 * (wait.c): once its wait has lasted 50 us while helpers run or spin and
 * they and the busy threads outnumber the processors, it sleeps instead of
 * spinning out the blocktime. Otherwise the helpers that the initial thread
 * wakes land on its core and a `target nowait` round trip costs 28 us on 2
 * cores instead of 2.
 *
 * The process keeps 2 processors (the first two of its mask; before the
 * runtime starts, which counts them then), so the rule applies on any
 * machine. The region's worker's state (running or runnable, else asleep)
 * is sampled from /proc every 4 ms, after the first 20 ms, while the initial
 * thread:
 *   A. sleeps 100 ms, no helper ever started: the worker spins its
 *      blocktime (the control: the samples see a spinning worker);
 *   B. runs hidden-helper round trips (the entry points clang-19 emits for
 *      `target nowait`) for 100 ms: the worker must sleep, unless the
 *      argument is "active" (OMP_WAIT_POLICY=active: the blocktime is
 *      infinite and the worker keeps spinning).
 * States, not CPU time: under load (other tests on the same cores) a
 * spinning worker gets a share of its core, but it stays runnable. */
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "kmp_tasks.h"

#define SETTLE_S 0.02  /* helpers start, the worker's 50 us pass */
#define SAMPLE_S 0.004 /* 20 samples of the worker's state per phase */
#define SAMPLES 20

extern int32_t __kmpc_omp_taskwait(void *loc, int32_t gtid);

static atomic_long helper_runs;

static int32_t helper_body(int32_t gtid, void *task) {
  (void)gtid;
  (void)task;
  atomic_fetch_add(&helper_runs, 1);
  return 0;
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Keep the first two processors of the mask; false with fewer. */
static bool keep_two_processors(void) {
  cpu_set_t set, two;
  if (sched_getaffinity(0, sizeof(set), &set) != 0 || CPU_COUNT(&set) < 2)
    return false;
  CPU_ZERO(&two);
  for (int cpu = 0, kept = 0; cpu < CPU_SETSIZE && kept < 2; cpu++)
    if (CPU_ISSET(cpu, &set)) {
      CPU_SET(cpu, &two);
      kept++;
    }
  return sched_setaffinity(0, sizeof(two), &two) == 0;
}

/* A region of 2 threads; the worker's thread id. */
static pid_t fork_and_get_worker(void) {
  pid_t worker = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    worker = gettid();
  return worker;
}

/* True while the thread runs or waits for a processor ('R'). */
static bool runnable(pid_t tid) {
  char path[64], line[512];
  snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
  FILE *f = fopen(path, "r");
  if (!f)
    return false;
  bool r = false;
  if (fgets(line, sizeof(line), f)) {
    const char *state = strrchr(line, ')'); /* after "tid (comm)" */
    r = state && state[1] == ' ' && state[2] == 'R';
  }
  fclose(f);
  return r;
}

/* Samples of the worker's state during a phase that began at `start`;
 * `step` runs between them (NULL: sleep). The count of runnable samples. */
static int runnable_samples(pid_t worker, double start, void (*step)(void)) {
  int count = 0, taken = 0;
  double next = start + SETTLE_S;
  while (taken < SAMPLES) {
    double now = now_s();
    if (now >= next) {
      count += runnable(worker);
      taken++;
      next += SAMPLE_S;
    } else if (step) {
      step();
    } else {
      struct timespec pause = {0, (long)((next - now) * 1e9)};
      nanosleep(&pause, NULL);
    }
  }
  return count;
}

static long trips;

/* One hidden-helper round trip, as `target nowait` + taskwait. */
static void round_trip(void) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  kmp_task_t *task = __kmpc_omp_target_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t), 0,
                                                  helper_body, 0);
  __kmpc_omp_task(NULL, gtid, task);
  __kmpc_omp_taskwait(NULL, gtid);
  trips++;
}

int main(int argc, char **argv) {
  bool active = argc > 1 && strcmp(argv[1], "active") == 0;
  if (!keep_two_processors()) {
    printf("SKIPPED: needs 2 processors\n");
    return 77;
  }
  CHECK_EQ_INT(omp_get_num_procs(), 2);

  /* A. No helper exists: the worker spins for the blocktime. */
  pid_t worker = fork_and_get_worker();
  CHECK(worker > 0, "no worker thread");
  int spinning = runnable_samples(worker, now_s(), NULL);
  CHECK(spinning >= SAMPLES - 2, "worker runnable in %d of %d samples with no helpers; "
        "its fork wait should spin for the blocktime", spinning, SAMPLES);

  /* B. Helpers busy with round trips while the worker waits. */
  worker = fork_and_get_worker();
  int beside = runnable_samples(worker, now_s(), round_trip);
  CHECK_EQ_INT(atomic_load(&helper_runs), trips);
  CHECK(trips > 0, "no round trips");
  if (active)
    CHECK(beside >= SAMPLES - 2, "OMP_WAIT_POLICY=active: worker runnable in %d of %d "
          "samples; its fork wait should spin on beside the helpers", beside, SAMPLES);
  else
    CHECK(beside <= 2, "worker runnable in %d of %d samples during hidden-helper round "
          "trips (%ld); its fork wait should sleep", beside, SAMPLES, trips);
  printf("worker runnable: %d of %d samples idle, %d beside %ld helper round trips\n",
         spinning, SAMPLES, beside, trips);

  /* The sleeping worker still joins the next region. */
  int members = 0;
#pragma omp parallel num_threads(2) reduction(+ : members)
  members++;
  CHECK_EQ_INT(members, 2);
  CHECK_DONE();
}
