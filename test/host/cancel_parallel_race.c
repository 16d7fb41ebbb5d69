/* `cancel parallel` right after a barrier: the canceller leaves the
 * barrier first and cancels while the others are still waking from it.
 * Every member must still leave at the same barrier — the one ending the
 * loop that follows — and none may run past it (before, a member still
 * waking took the new request for the old barrier's and left early, and
 * the team hung at the next barrier or ran past it: libgomp's
 * cancel-parallel-1.c with 4 threads; LLVM 19 fails it the same ways).
 * 300 regions of 4 threads; a hang is caught by the test's timeout. */
#include <omp.h>

#include "check.h"

int main(void) {
  CHECK(omp_get_cancellation(), "needs OMP_CANCELLATION=true");
  int a[64], past = 0, rounds_done = 0;
  for (int round = 0; round < 300; round++) {
#pragma omp parallel num_threads(4)
    {
#pragma omp barrier
      if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
      }
#pragma omp for
      for (int i = 0; i < 64; i++)
        a[i] = i;
#pragma omp atomic
      past++;
    }
    rounds_done++;
  }
  CHECK_EQ_INT(rounds_done, 300);
  CHECK(past == 0, "%d members ran past the loop of a cancelled region", past);
  (void)a;
  CHECK_DONE();
}
