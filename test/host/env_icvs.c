/* The ICVs the environment sets, checked against what the test expects.
 *
 * env.cmake runs this program under different OMP_* settings; each argument
 * "key=value" names an ICV query and the value it must return. A value may
 * be "procs" (omp_get_num_procs()) or "max" (INT_MAX). Keys ending in 1 or
 * 2 are queried inside nested regions at that level. "stack" is a lower
 * bound on a worker's stack size in KiB; "library" is kmp_get_library()
 * (1 serial, 2 turnaround, 3 throughput), "blocktime" kmp_get_blocktime()
 * (ms). Runs on LLVM's runtime as well.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

struct level_icvs {
  int max_threads, proc_bind, max_active_levels;
};

static struct level_icvs levels[3];
static size_t worker_stack;

static void record(int level) {
  levels[level].max_threads = omp_get_max_threads();
  levels[level].proc_bind = (int)omp_get_proc_bind();
  levels[level].max_active_levels = omp_get_max_active_levels();
}

static void record_worker_stack(void) {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstacksize(&attr, &worker_stack);
    pthread_attr_destroy(&attr);
  }
}

static long expected_value(const char *text) {
  if (strcmp(text, "procs") == 0)
    return omp_get_num_procs();
  if (strcmp(text, "max") == 0)
    return INT_MAX;
  return strtol(text, NULL, 0);
}

int main(int argc, char **argv) {
  record(0);
  /* the ICVs of the implicit tasks at levels 1 and 2 (serialized or not) */
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      record(1);
    else
      record_worker_stack();
#pragma omp parallel num_threads(1)
    if (omp_get_ancestor_thread_num(1) == 0)
      record(2);
  }
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);

  for (int i = 1; i < argc; i++) {
    char key[64];
    const char *eq = strchr(argv[i], '=');
    if (!eq || (size_t)(eq - argv[i]) >= sizeof(key)) {
      fprintf(stderr, "bad argument %s\n", argv[i]);
      return 2;
    }
    memcpy(key, argv[i], (size_t)(eq - argv[i]));
    key[eq - argv[i]] = '\0';
    long want = expected_value(eq + 1);
    long got;
    if (strcmp(key, "nthreads") == 0) got = levels[0].max_threads;
    else if (strcmp(key, "nthreads1") == 0) got = levels[1].max_threads;
    else if (strcmp(key, "nthreads2") == 0) got = levels[2].max_threads;
    else if (strcmp(key, "bind") == 0) got = levels[0].proc_bind;
    else if (strcmp(key, "bind1") == 0) got = levels[1].proc_bind;
    else if (strcmp(key, "bind2") == 0) got = levels[2].proc_bind;
    else if (strcmp(key, "mal") == 0) got = levels[0].max_active_levels;
    else if (strcmp(key, "dynamic") == 0) got = omp_get_dynamic();
    else if (strcmp(key, "thread_limit") == 0) got = omp_get_thread_limit();
    else if (strcmp(key, "sched") == 0) got = (long)(unsigned)kind;
    else if (strcmp(key, "chunk") == 0) got = chunk;
    else if (strcmp(key, "cancel") == 0) got = omp_get_cancellation();
    else if (strcmp(key, "prio") == 0) got = omp_get_max_task_priority();
    else if (strcmp(key, "device") == 0) got = omp_get_default_device();
    else if (strcmp(key, "max_teams") == 0) got = omp_get_max_teams();
    else if (strcmp(key, "teams_tl") == 0) got = omp_get_teams_thread_limit();
    else if (strcmp(key, "places") == 0) got = omp_get_num_places();
    else if (strcmp(key, "procs") == 0) got = omp_get_num_procs();
    else if (strcmp(key, "library") == 0) got = kmp_get_library();
    else if (strcmp(key, "blocktime") == 0) got = kmp_get_blocktime();
    else if (strcmp(key, "stack") == 0) {
      CHECK(worker_stack >= (size_t)want * 1024,
            "worker stack %zu bytes, want at least %ldK", worker_stack, want);
      continue;
    } else {
      fprintf(stderr, "unknown key %s\n", key);
      return 2;
    }
    CHECK(got == want, "%s: got %ld, want %ld", key, got, want);
  }
  CHECK_DONE();
}
