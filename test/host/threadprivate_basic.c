/* threadprivate through the runtime (built with -fnoopenmp-use-tls, so every
 * access calls __kmpc_threadprivate_cached): ints, arrays and structs; each
 * thread's copy starts from the variable's initial value and keeps its own
 * value from one region to the next; copyin copies the master's values. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

struct point {
  int x;
  double y[3];
  char tag[12];
};

static int counter = 7;
static long history[16] = {1, 2, 3};
static struct point where = {5, {1.5, 2.5, 3.5}, "start"};
static double zeroed[1000]; /* all-zero initial value */
#pragma omp threadprivate(counter, history, where, zeroed)

#define NTHREADS 4

int main(void) {
  omp_set_dynamic(0);
  /* The master changes its copy (the variable itself) before any region:
   * the other threads' copies still start from the initial values. */
  counter = 42;
  where.x = 50;
  int start_ok[NTHREADS] = {0}, nthreads = 0;
#pragma omp parallel num_threads(NTHREADS)
  {
    int tid = omp_get_thread_num();
    if (tid == 0)
      nthreads = omp_get_num_threads();
    if (tid == 0)
      start_ok[tid] = counter == 42 && where.x == 50;
    else
      start_ok[tid] = counter == 7 && history[2] == 3 && where.x == 5 &&
                      where.y[2] == 3.5 && strcmp(where.tag, "start") == 0 &&
                      zeroed[999] == 0.0;
    counter = 100 + tid;
    history[15] = 1000 + tid;
    where.x = tid;
    snprintf(where.tag, sizeof(where.tag), "t%d", tid);
    zeroed[999] = tid * 0.25;
  }
  CHECK_EQ_INT(nthreads, NTHREADS);
  for (int t = 0; t < NTHREADS; t++)
    CHECK(start_ok[t], "thread %d's copies did not start from the initial "
          "values", t);
  /* The master's copy is the variable itself. */
  CHECK_EQ_INT(counter, 100);
  CHECK_EQ_INT(where.x, 0);

  /* Same team size, dynamic adjustment off: each thread finds its values. */
  int kept_ok[NTHREADS] = {0};
#pragma omp parallel num_threads(NTHREADS)
  {
    int tid = omp_get_thread_num();
    char want[12];
    snprintf(want, sizeof(want), "t%d", tid);
    kept_ok[tid] = counter == 100 + tid && history[15] == 1000 + tid &&
                   where.x == tid && strcmp(where.tag, want) == 0 &&
                   zeroed[999] == tid * 0.25;
  }
  for (int t = 0; t < NTHREADS; t++)
    CHECK(kept_ok[t], "thread %d's copies lost their values between regions",
          t);

  /* copyin: everyone starts the region with the master's values. */
  counter = -9;
  history[4] = 44;
  where.y[1] = -2.0;
  strcpy(where.tag, "copied");
  int copyin_ok[NTHREADS] = {0};
#pragma omp parallel num_threads(NTHREADS) copyin(counter, history, where)
  {
    int tid = omp_get_thread_num();
    copyin_ok[tid] = counter == -9 && history[4] == 44 && history[0] == 1 &&
                     where.y[1] == -2.0 && strcmp(where.tag, "copied") == 0 &&
                     where.x == 0;
  }
  for (int t = 0; t < NTHREADS; t++)
    CHECK(copyin_ok[t], "thread %d did not get the master's values by copyin",
          t);
  CHECK_DONE();
}
