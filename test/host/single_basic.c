/* single: exactly one member runs each construct, with and without nowait,
 * also many nowait singles in a row (members running ahead of each other),
 * inside a one-thread region and outside any region. */
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

#include "check.h"

#define NOWAIT_SINGLES 500
#define ROUNDS 20

static atomic_int runs[NOWAIT_SINGLES];
static atomic_int barrier_runs[ROUNDS];

int main(void) {
  int nthreads = 0;
  int sum_after_barrier_ok = 1;
#pragma omp parallel num_threads(4)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    for (int k = 0; k < NOWAIT_SINGLES; k++) {
#pragma omp single nowait
      atomic_fetch_add(&runs[k], 1);
    }
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp single
      atomic_fetch_add(&barrier_runs[r], 1);
      /* The implicit barrier: the single's effect is visible to all. */
      if (atomic_load(&barrier_runs[r]) != 1)
        sum_after_barrier_ok = 0;
    }
  }
  CHECK_EQ_INT(nthreads, 4);
  for (int k = 0; k < NOWAIT_SINGLES; k++)
    CHECK(atomic_load(&runs[k]) == 1, "nowait single %d ran %d times", k,
          atomic_load(&runs[k]));
  for (int r = 0; r < ROUNDS; r++)
    CHECK_EQ_INT(atomic_load(&barrier_runs[r]), 1);
  CHECK_EQ_INT(sum_after_barrier_ok, 1);

  /* The same team again (the hot team): the counts start over. */
  atomic_int again = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp single
    atomic_fetch_add(&again, 1);
  }
  CHECK_EQ_INT(atomic_load(&again), 1);

  int one = 0, serial = 0;
#pragma omp parallel num_threads(1)
  {
#pragma omp single
    one++;
#pragma omp single nowait
    one++;
  }
#pragma omp single
  serial++;
  CHECK_EQ_INT(one, 2);
  CHECK_EQ_INT(serial, 1);
  CHECK_DONE();
}
