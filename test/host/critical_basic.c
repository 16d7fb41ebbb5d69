/* critical: unnamed, named, hinted and nested critical sections exclude each
 * other per name, and every increment inside them survives. */
#include <omp.h>
#include <stdio.h>

#include "check.h"

#define ITERS 20000

static long plain_count, named_a_count, named_b_count, hinted_count;
static int inside_a; /* members inside critical(a) right now */
static int overlap_seen;

int main(void) {
  int nthreads = 0;
#pragma omp parallel
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    for (int i = 0; i < ITERS; i++) {
#pragma omp critical
      plain_count++;
#pragma omp critical(a)
      {
        if (++inside_a != 1)
          overlap_seen = 1;
        named_a_count++;
        /* critical(b) nests inside critical(a): a different lock. */
#pragma omp critical(b)
        named_b_count += 2;
        inside_a--;
      }
#pragma omp critical(hinted) hint(omp_sync_hint_contended)
      hinted_count += 3;
    }
  }
  CHECK(nthreads > 1, "expected a team, got %d thread(s)", nthreads);
  CHECK_EQ_INT(plain_count, (long)nthreads * ITERS);
  CHECK_EQ_INT(named_a_count, (long)nthreads * ITERS);
  CHECK_EQ_INT(named_b_count, 2L * nthreads * ITERS);
  CHECK_EQ_INT(hinted_count, 3L * nthreads * ITERS);
  CHECK_EQ_INT(overlap_seen, 0);

  /* A critical section outside any parallel region, and in a one-thread
   * region, still works (and does not deadlock against itself later). */
#pragma omp critical(a)
  named_a_count++;
#pragma omp parallel num_threads(1)
  {
#pragma omp critical(a)
    named_a_count++;
  }
  CHECK_EQ_INT(named_a_count, (long)nthreads * ITERS + 2);
  CHECK_DONE();
}
