/* What barriers and the join wait for: every explicit task bound to the
 * team. A member counts the tasks its implicit task makes in private and
 * hands the count in as it arrives (task.c), so these shapes check that no
 * barrier or join ends with a task of the team still to run or running:
 *   - every member making tasks, then a barrier, then the region's join;
 *   - a task run inside a barrier whose child another member completes
 *     while the parent still runs (counted in private, the child's -1
 *     would cancel the parent's +1 and release the barrier early);
 *   - tasks made in an outer team before and inside a nested region.
 * Each shape runs many rounds: an early release shows as a count short. */
#include <omp.h>
#include <stdatomic.h>
#include <unistd.h>

#include "check.h"

enum { ROUNDS = 200, PER_MEMBER = 300 };

/* Each member makes PER_MEMBER tasks from its implicit task; after the
 * barrier every task has run, and again after the join. */
static void test_members_then_barrier(void) {
  atomic_long ran = 0;
  long short_at_barrier = 0, short_at_join = 0;
  for (int round = 0; round < ROUNDS; round++) {
    atomic_store(&ran, 0);
    int nthreads = 1;
#pragma omp parallel shared(ran) reduction(+ : short_at_barrier)
    {
#pragma omp single
      nthreads = omp_get_num_threads();
      for (int i = 0; i < PER_MEMBER; i++) {
#pragma omp task shared(ran)
        atomic_fetch_add(&ran, 1);
      }
#pragma omp barrier
      if (atomic_load(&ran) != (long)PER_MEMBER * nthreads)
        short_at_barrier++;
#pragma omp barrier
      /* tasks after the last barrier: only the join waits for these */
      for (int i = 0; i < PER_MEMBER; i++) {
#pragma omp task shared(ran)
        atomic_fetch_add(&ran, 1);
      }
    }
    if (atomic_load(&ran) != 2L * PER_MEMBER * nthreads)
      short_at_join++;
  }
  CHECK_EQ_INT(short_at_barrier, 0);
  CHECK_EQ_INT(short_at_join, 0);
}

/* Member 1 makes T and arrives at the barrier. Whoever runs T makes C and
 * waits until someone else has run C, then sleeps before marking itself
 * done: the barrier must hold every member until T is done. */
static void test_child_completed_by_thief(void) {
  long early = 0, rounds_run = 0;
  for (int round = 0; round < ROUNDS / 4; round++) {
    atomic_int child_done = 0, parent_done = 0;
    int seen_early = 0;
#pragma omp parallel num_threads(2) shared(child_done, parent_done) \
    reduction(+ : seen_early)
    {
      if (omp_get_num_threads() == 2 && omp_get_thread_num() == 1) {
#pragma omp task shared(child_done, parent_done)
        {
#pragma omp task shared(child_done)
          atomic_store(&child_done, 1);
          /* the other member takes C from our deque at its barrier */
          while (!atomic_load(&child_done))
            ;
          usleep(2000);
          atomic_store(&parent_done, 1);
        }
      }
#pragma omp barrier
      if (omp_get_num_threads() == 2 && !atomic_load(&parent_done))
        seen_early++;
    }
    early += seen_early;
    rounds_run++;
  }
  CHECK(rounds_run > 0, "no round ran");
  CHECK_EQ_INT(early, 0);
}

/* Tasks of the outer team made before a nested region, the inner team's
 * tasks made inside it, then more outer tasks after it: each barrier and
 * join waits for its own team's. */
static void test_nested_teams(void) {
  omp_set_max_active_levels(2);
  long bad = 0;
  for (int round = 0; round < ROUNDS / 4; round++) {
    atomic_long outer_ran = 0;
    int outer_n = 1;
#pragma omp parallel num_threads(2) shared(outer_ran) reduction(+ : bad)
    {
#pragma omp single
      outer_n = omp_get_num_threads();
      for (int i = 0; i < 50; i++) {
#pragma omp task shared(outer_ran)
        { usleep(10); atomic_fetch_add(&outer_ran, 1); }
      }
      atomic_long inner_ran = 0;
      int inner_n = 1;
#pragma omp parallel num_threads(2) shared(inner_ran, inner_n)
      {
#pragma omp single
        inner_n = omp_get_num_threads();
        for (int i = 0; i < 50; i++) {
#pragma omp task shared(inner_ran)
          atomic_fetch_add(&inner_ran, 1);
        }
      }
      if (atomic_load(&inner_ran) != 50L * inner_n)
        bad++;
      for (int i = 0; i < 50; i++) {
#pragma omp task shared(outer_ran)
        atomic_fetch_add(&outer_ran, 1);
      }
#pragma omp barrier
      if (atomic_load(&outer_ran) != 100L * outer_n)
        bad++;
    }
  }
  CHECK_EQ_INT(bad, 0);
}

int main(void) {
  test_members_then_barrier();
  test_child_completed_by_thief();
  test_nested_teams();
  CHECK_DONE();
}
