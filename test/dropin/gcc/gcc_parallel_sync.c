/* A GCC-built program (gcc -fopenmp, linked against LLVM 19's libomp
 * through its libgomp.so name) on our runtime: parallel regions and their
 * clauses, host teams, critical, atomic, single, copyprivate, barriers,
 * the allocate clause and GCC's 4-byte omp_lock_t, each result checked
 * against what the serial program computes. Prints PASS. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"


int main(void) {
  /* num_threads, if(false), nesting */
  int seen[8] = {0}, team = 0;
#pragma omp parallel num_threads(3)
  {
#pragma omp critical
    seen[omp_get_thread_num()]++;
#pragma omp single
    team = omp_get_num_threads();
  }
  CHECK(team == 3, "num_threads(3) gave %d threads", team);
  CHECK(seen[0] == 1 && seen[1] == 1 && seen[2] == 1, "members %d %d %d", seen[0], seen[1],
        seen[2]);
  int cond = 0;
#pragma omp parallel if (cond)
  team = omp_get_num_threads() + 10 * omp_in_parallel();
  CHECK(team == 1, "if(0) region: %d threads, in_parallel %d", team % 10, team / 10);
  int bind = -1;
#pragma omp parallel num_threads(2) proc_bind(spread)
#pragma omp master
  bind = omp_get_proc_bind();
  (void)bind;

  /* critical (unnamed and named), atomic, reduction */
  long plain = 0, named = 0, red = 0;
  long double ld = 0;
  __int128 wide = 0;
#pragma omp parallel num_threads(4) reduction(+ : red)
  {
    for (int i = 0; i < 1000; i++) {
#pragma omp critical
      plain++;
#pragma omp critical(other)
      named += 2;
#pragma omp atomic
      ld += 1.0L;
#pragma omp atomic
      wide += 3;
      red += i;
    }
  }
  int nth = 4;
  CHECK(plain == 1000L * nth, "critical: %ld", plain);
  CHECK(named == 2000L * nth, "critical(other): %ld", named);
  CHECK(ld == 1000.0L * nth, "atomic long double: %Lf", ld);
  CHECK(wide == (__int128)3000 * nth, "atomic __int128: %lld", (long long)wide);
  CHECK(red == 499500L * nth, "reduction: %ld", red);

  /* single: one member per construct, nowait and not */
  int singles = 0, after = 0;
#pragma omp parallel num_threads(4)
  {
    for (int k = 0; k < 50; k++) {
#pragma omp single
      {
#pragma omp atomic
        singles++;
      }
#pragma omp single nowait
      {
#pragma omp atomic
        singles++;
      }
    }
#pragma omp barrier
#pragma omp atomic
    after += singles == 100;
  }
  CHECK(singles == 100, "single ran %d times of 100", singles);
  CHECK(after == 4, "%d of 4 members saw all singles after the barrier", after);

  /* copyprivate: every member gets the single member's values */
  int agree = 0;
#pragma omp parallel num_threads(4)
  {
    for (int k = 0; k < 20; k++) {
      int v;
      double d[3];
#pragma omp single copyprivate(v, d)
      {
        v = 100 + k;
        d[0] = k;
        d[1] = 2 * k;
        d[2] = 3 * k;
      }
      if (v == 100 + k && d[0] == k && d[1] == 2 * k && d[2] == 3 * k) {
#pragma omp atomic
        agree++;
      }
    }
  }
  CHECK(agree == 80, "copyprivate reached %d of 80", agree);

  /* host teams */
  int teams = 0, team_sum = 0, marks[2] = {0};
#pragma omp teams num_teams(2) thread_limit(2)
  {
    if (omp_get_team_num() == 0)
      teams = omp_get_num_teams();
    marks[omp_get_team_num() % 2] += omp_get_team_num() + 1;
  }
  team_sum = marks[0] + marks[1];
  CHECK(teams == 2 && team_sum == 3, "teams: %d teams, sum of numbers %d", teams, team_sum);

  /* the allocate clause: GOMP_alloc/GOMP_free */
  int ok_alloc = 0;
  int x = 7;
#pragma omp parallel num_threads(2) firstprivate(x) allocate(omp_default_mem_alloc : x)
  {
    x += omp_get_thread_num();
#pragma omp atomic
    ok_alloc += x;
  }
  CHECK(ok_alloc == 15, "allocate clause: %d", ok_alloc);

  /* GCC's omp_lock_t is 4 bytes: the runtime writes no more than that */
  struct {
    omp_lock_t lock;
    volatile int after;
  } guarded = {.after = 0x5a5a5a5a};
  omp_init_lock(&guarded.lock);
  long locked = 0;
#pragma omp parallel num_threads(4)
  for (int i = 0; i < 1000; i++) {
    omp_set_lock(&guarded.lock);
    locked++;
    omp_unset_lock(&guarded.lock);
  }
  CHECK(omp_test_lock(&guarded.lock), "omp_test_lock on a free lock failed");
  omp_unset_lock(&guarded.lock);
  omp_destroy_lock(&guarded.lock);
  CHECK(locked == 4000 && guarded.after == 0x5a5a5a5a,
        "omp_lock_t: %ld of 4000, the word after it now %#x", locked, guarded.after);
  omp_nest_lock_t nest;
  omp_init_nest_lock(&nest);
  CHECK(omp_test_nest_lock(&nest) == 1 && omp_test_nest_lock(&nest) == 2,
        "nestable lock depth");
  omp_unset_nest_lock(&nest);
  omp_unset_nest_lock(&nest);
  omp_destroy_nest_lock(&nest);

  CHECK_DONE();
}
