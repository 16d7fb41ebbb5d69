/* User threads that end hand their gtid and their runtime state to the
 * next ones: argv[1] threads, one after another, each running a parallel
 * region, tasks with a dependence, a threadprivate variable (the test is
 * built with -fnoopenmp-use-tls, so copies are the runtime's) and an ICV
 * change. Each must start fresh: its threadprivate copy at the initial
 * value, the ICVs at their defaults; every eighth also runs a region from a
 * thread-exit destructor that comes after the runtime's. With 70000 threads (more than the
 * 65536 gtids the runtime has) this failed before ("more than 65536
 * threads have used the OpenMP runtime"), and every thread left about
 * 6 KB behind; the resident size must now stay flat over the second half.
 * LLVM 19 reuses gtids too, but its next thread under a gtid finds the last
 * one's threadprivate copy (69999 of 70000 threads fail here on it). */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int tp = 7;
#pragma omp threadprivate(tp)

static int default_max_threads;

/* A destructor of the thread's own that runs after the runtime's (its key
 * is made later): its region must still run whole, on a record of its own
 * (the ended thread's may have gone to another thread by then). */
static pthread_key_t late_key;
static int late_sums_bad;

static void late_destructor(void *arg) {
  (void)arg;
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += omp_get_thread_num() + 1;
  if (sum != 3) {
#pragma omp atomic
    late_sums_bad++;
  }
}

static void *user_thread(void *arg) {
  int id = (int)(long)arg;
  long bad = 0;
  if (tp != 7)
    bad |= 1; /* the copy of an earlier thread under the same gtid */
  if (omp_get_max_threads() != default_max_threads)
    bad |= 2; /* an earlier thread's ICVs */
  tp = id;
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += omp_get_thread_num() + 1;
  if (sum != 3)
    bad |= 4;
  int x = 0, seen = 0;
#pragma omp task depend(out : x) shared(x)
  x = id;
#pragma omp task depend(in : x) shared(x, seen)
  seen = x;
#pragma omp taskwait
  if (seen != id)
    bad |= 8;
  if (tp != id)
    bad |= 16;
  omp_set_num_threads(default_max_threads + 1);
  if (id % 8 == 0)
    pthread_setspecific(late_key, &late_key);
  return (void *)bad;
}

static long resident_kb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets(line, sizeof line, f))
    if (!strncmp(line, "VmRSS:", 6))
      kb = strtol(line + 6, NULL, 10);
  if (f)
    fclose(f);
  return kb;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 70000;
  default_max_threads = omp_get_max_threads(); /* the runtime's key first */
  pthread_key_create(&late_key, late_destructor);
  tp = 1; /* the initial thread's copy is the variable itself */
  long half_kb = 0, failures = 0, first_bad = 0;
  for (int i = 0; i < threads; i++) {
    if (i == threads / 2)
      half_kb = resident_kb();
    pthread_t t;
    void *result;
    if (pthread_create(&t, NULL, user_thread, (void *)(long)(i + 100)) != 0 ||
        pthread_join(t, &result) != 0) {
      CHECK(0, "thread %d could not run", i);
      break;
    }
    if (result && !failures++)
      first_bad = (long)result;
  }
  CHECK(failures == 0, "%ld of %d threads saw a stale state (first: flags %ld)", failures,
        threads, first_bad);
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__) &&                     \
    !__has_feature(address_sanitizer) && !__has_feature(thread_sanitizer)
  long growth = resident_kb() - half_kb;
  CHECK(growth < 2048, "resident size grew by %ld KB over the last %d threads", growth,
        threads - threads / 2);
#endif
  CHECK_EQ_INT(late_sums_bad, 0);
  CHECK_EQ_INT(tp, 1);
  CHECK_DONE();
}
