/* OMP_THREAD_LIMIT=6 bounds the threads of nested regions that fork at the
 * same time: five level-1 threads each fork a level-2 team of 5 and those
 * a level-3 team of 2, together, and at no moment may more than 6 threads
 * run region code (before, concurrent forks counted the same free threads
 * and together took up to 9). Every innermost member counts itself in
 * while it sleeps, so an over-subscribed moment is seen. Also checks that
 * the limit is reached, not just respected: the first level gets 5 and a
 * plain request of 8 gets 6. Runs on LLVM's runtime as well. */
#include <omp.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  CHECK_EQ_INT(omp_get_thread_limit(), 6);
  omp_set_dynamic(0);
  omp_set_max_active_levels(3);
  int size8 = 0;
#pragma omp parallel num_threads(8)
#pragma omp single
  size8 = omp_get_num_threads();
  CHECK_EQ_INT(size8, 6);
  int running = 0, most = 0, outer = 0;
  for (int round = 0; round < 50; round++) {
#pragma omp parallel num_threads(5)
    {
#pragma omp single
      outer = omp_get_num_threads();
#pragma omp parallel num_threads(5)
#pragma omp parallel num_threads(2)
      {
        int now;
#pragma omp atomic capture
        now = ++running;
#pragma omp critical
        if (now > most)
          most = now;
        usleep(2000);
#pragma omp atomic
        --running;
      }
    }
    CHECK_EQ_INT(outer, 5);
  }
  CHECK(most <= 6, "%d threads ran at once under OMP_THREAD_LIMIT=6", most);
  CHECK_DONE();
}
