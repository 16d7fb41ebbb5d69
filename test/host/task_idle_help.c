/* Members idle before their team's first task come back to run tasks.
 *
 * The common producer pattern — `single` or `master` does some setup, then
 * spawns — finds the other members already waiting: in the single's barrier
 * (they must wake when the first task appears) or past the region's join
 * (they must be called back). Each task sleeps, so the checks hold on a
 * loaded machine: the producer alone would run every task, a team that
 * helps spreads them over every member.
 *  - single, master and single nowait + barrier: every task runs exactly
 *    once and every member runs at least one;
 *  - thousands of short regions in which one member, chosen per region,
 *    spawns 0..3 tasks after a varying delay: every task runs, regions
 *    follow each other without a lost helper (recall against join against
 *    the next fork). */
#include <omp.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define NTASKS 48
#define SETUP_US 20000
#define TASK_US 3000

static int ran_by[NTASKS];
static atomic_int ran_count[NTASKS];

static void spawn_all(void) {
  for (int i = 0; i < NTASKS; i++) {
#pragma omp task firstprivate(i)
    {
      usleep(TASK_US);
      ran_by[i] = omp_get_thread_num();
      atomic_fetch_add(&ran_count[i], 1);
    }
  }
}

static void check_spread(const char *form, int nthreads) {
  int per_thread[64] = {0};
  for (int i = 0; i < NTASKS; i++) {
    CHECK(atomic_load(&ran_count[i]) == 1, "%s: task %d ran %d times", form, i,
          atomic_load(&ran_count[i]));
    if (ran_by[i] >= 0 && ran_by[i] < 64)
      per_thread[ran_by[i]]++;
  }
  for (int t = 0; t < nthreads; t++)
    CHECK(per_thread[t] > 0, "%s: thread %d of %d ran none of %d tasks (idle members did not help)",
          form, t, nthreads, NTASKS);
  memset(ran_by, -1, sizeof ran_by);
  for (int i = 0; i < NTASKS; i++)
    atomic_store(&ran_count[i], 0);
}

static void producer_forms(void) {
  int nthreads = 0;
#pragma omp parallel
#pragma omp single
  {
    nthreads = omp_get_num_threads();
    usleep(SETUP_US); /* the others are in the single's barrier by now */
    spawn_all();
  }
  check_spread("single", nthreads);

#pragma omp parallel
#pragma omp master
  {
    usleep(SETUP_US); /* the others are past the region's join by now */
    spawn_all();
  }
  check_spread("master", nthreads);

#pragma omp parallel
  {
#pragma omp single nowait
    {
      usleep(SETUP_US);
      spawn_all();
    }
#pragma omp barrier
  }
  check_spread("single nowait + barrier", nthreads);
}

static void many_regions(void) {
  enum { REGIONS = 3000 };
  atomic_long done = 0;
  long expected = 0;
  for (int r = 0; r < REGIONS; r++) {
    int ntasks = r % 4;
    expected += ntasks;
#pragma omp parallel
    {
      int me = omp_get_thread_num(), n = omp_get_num_threads();
      if (me == r % n) {
        for (volatile int spin = 0; spin < (r * 7919) % 20000; spin++)
          ;
        for (int t = 0; t < ntasks; t++) {
#pragma omp task
          atomic_fetch_add(&done, 1);
        }
      }
    }
    if (atomic_load(&done) != expected) {
      CHECK(0, "region %d: %ld tasks done at its end, want %ld", r,
            atomic_load(&done), expected);
      return;
    }
  }
}

int main(void) {
  memset(ran_by, -1, sizeof ran_by);
  producer_forms();
  many_regions();
  CHECK_DONE();
}
