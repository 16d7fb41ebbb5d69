/* Which threads and how many a region gets when the initial thread already
 * keeps a hot team (a top-level region ran before):
 *  - a region nested in a one-thread region is the outermost active one and
 *    takes the hot team's worker, as LLVM's runtime does (it used to take a
 *    second worker from the pool while the hot one spun idle beside it);
 *  - so does a parallel region inside a one-team host `teams` region (what
 *    every target region runs on the x86_64 device), with its two threads,
 *    and it still sees the league around it. */
#define _GNU_SOURCE
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  if (omp_get_num_procs() < 2) {
    printf("SKIPPED: needs 2 processors\n");
    return 77;
  }
  int fails = 0;
  omp_set_max_active_levels(2);
  pid_t hot_worker = 0, nested_worker = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    hot_worker = gettid();
  for (int round = 0; round < 3; round++) {
    int nested_threads = 0;
#pragma omp parallel num_threads(1)
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 1)
        nested_worker = gettid();
      if (omp_get_thread_num() == 0)
        nested_threads = omp_get_num_threads();
    }
    if (nested_threads != 2 || nested_worker != hot_worker) {
      printf("FAIL: round %d: nested region of %d threads, worker %d, hot team's %d\n",
             round, nested_threads, (int)nested_worker, (int)hot_worker);
      fails++;
    }
  }
  int league_inner = 0, league_teams = 0;
  pid_t league_worker = 0;
#pragma omp teams num_teams(1) thread_limit(2)
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      league_worker = gettid();
    if (omp_get_thread_num() == 0) {
      league_inner = omp_get_num_threads();
      league_teams = omp_get_num_teams();
    }
  }
  if (league_inner != 2 || league_worker != hot_worker || league_teams != 1) {
    printf("FAIL: parallel inside teams(1): %d threads, worker %d (hot team's %d), "
           "%d teams seen\n", league_inner, (int)league_worker, (int)hot_worker,
           league_teams);
    fails++;
  }
  if (!fails)
    printf("PASS\n");
  return fails != 0;
}
