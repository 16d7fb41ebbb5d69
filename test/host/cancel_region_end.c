/* cancel parallel when other members have already passed their last
 * cancellation point (run with OMP_CANCELLATION=true). clang sends the
 * cancelling member to the region's end through __kmpc_cancel_barrier, a
 * barrier of the whole team, while a member that finished normally goes
 * to the join: LLVM 19 waits there for ever. Each member that finishes
 * normally must meet the cancelled ones. Also: a one-thread region that
 * cancels must not change how the next region of its thread ends (the
 * first version of the fix left a flag behind there, and the next region's
 * members waited for the master for ever). A hang is SIGALRM. */
#include <omp.h>
#include <stdatomic.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  CHECK(omp_get_cancellation(), "OMP_CANCELLATION=true is not in force");
  alarm(60);
  for (int rep = 0; rep < 50; rep++) {
    atomic_int finished = 0;
    int ran_after = 0;
#pragma omp parallel num_threads(3)
    {
      int me = omp_get_thread_num();
      if (me != 2) {
#pragma omp cancellation point parallel
        atomic_fetch_add(&finished, 1); /* past the last cancellation point */
      } else {
        while (atomic_load(&finished) < 2) /* the others are done */
          ;
#pragma omp cancel parallel
#pragma omp atomic
        ran_after++; /* not reached: cancel sends us to the end */
      }
    }
    CHECK(ran_after == 0, "rep %d: code after cancel parallel ran", rep);

    /* A cancelled one-thread region, then regions of more that end
     * normally, nested and not. */
#pragma omp parallel num_threads(1)
    {
#pragma omp cancel parallel
    }
    int members = 0;
#pragma omp parallel num_threads(2)
    {
#pragma omp parallel num_threads(1)
      {
#pragma omp cancel parallel
      }
#pragma omp atomic
      members++;
#pragma omp barrier
    }
    CHECK(members == 2, "rep %d: %d members after the one-thread regions", rep, members);
  }
  CHECK_DONE();
}
