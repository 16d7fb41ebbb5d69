/* `cancel taskgroup` (OMP_CANCELLATION=true): after a task of the group
 * cancels it, tasks of the group that had not started are not run, running
 * ones see the request at their cancellation point and stop, the group's
 * end returns, and tasks outside the group are unaffected. */
#include <omp.h>
#include <stdatomic.h>
#include <unistd.h>

#include "check.h"

enum { N = 200 };

int main(void) {
  if (!omp_get_cancellation()) {
    fprintf(stderr, "run with OMP_CANCELLATION=true\n");
    return 1;
  }
  atomic_int started = 0, finished = 0, outside = 0, cancelled_seen = 0, cancel_issued = 0;
  int cancel_ret = -1;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    /* A task outside the group, waiting on a task that is not in it. */
#pragma omp task shared(outside)
    {
      usleep(5000);
      atomic_fetch_add(&outside, 1);
    }
#pragma omp taskgroup
    {
      /* The canceller goes first and cancels once it runs. */
#pragma omp task shared(cancel_ret, cancel_issued)
      {
        atomic_store(&cancel_issued, 1);
#pragma omp cancel taskgroup
        cancel_ret = 1; /* only reached when cancel returned 0 */
      }
      /* Create the rest only once the cancel has happened (a fixed sleep
       * was not enough on a loaded machine); run the canceller here if no
       * other thread has taken it. */
      while (!atomic_load(&cancel_issued)) {
#pragma omp taskyield
      }
      usleep(1000);
      for (int i = 0; i < N; i++) {
#pragma omp task shared(started, finished, cancelled_seen)
        {
          atomic_fetch_add(&started, 1);
          usleep(200);
#pragma omp cancellation point taskgroup
          atomic_fetch_add(&finished, 1);
        }
      }
    }
#pragma omp taskwait
  }
  CHECK(cancel_ret == -1, "cancel taskgroup returned 0 with cancellation on");
  CHECK(atomic_load(&started) < N / 2,
        "%d of %d tasks of a cancelled taskgroup started", atomic_load(&started), N);
  CHECK(atomic_load(&finished) == 0, "%d tasks went past their cancellation point",
        atomic_load(&finished));
  CHECK_EQ_INT(atomic_load(&outside), 1);

  /* Cancelling one group leaves a sibling group alone, and a new group
   * after it starts uncancelled. */
  atomic_int second = 0, third = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task
      {
#pragma omp cancel taskgroup
      }
    }
#pragma omp taskgroup
    {
      for (int i = 0; i < 50; i++) {
#pragma omp task shared(second)
        {
#pragma omp cancellation point taskgroup
          atomic_fetch_add(&second, 1);
        }
      }
    }
#pragma omp taskgroup
    {
#pragma omp task shared(third)
      {
        usleep(1000);
#pragma omp cancellation point taskgroup
        atomic_fetch_add(&third, 1);
      }
#pragma omp task
      {
        /* cancel runs while the sibling may be mid-body: it either stops at
         * its point or had already passed it. */
      }
    }
  }
  CHECK_EQ_INT(atomic_load(&second), 50);
  CHECK_EQ_INT(atomic_load(&third), 1);

  CHECK_DONE();
}
