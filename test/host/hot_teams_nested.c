/* KMP_HOT_TEAMS_MAX_LEVEL: which levels keep their teams' workers between
 * regions. Two outer threads each fork nested teams of three, ROUNDS times:
 *   hot_teams_nested <known threads after the outer region> [stable]
 * checks kmp_get_num_known_threads() (initial thread plus workers not idle
 * in the pool) after the outer region against argv[1] — 1 with level 0
 * (nothing kept), 2 with level 1 (LLVM's default: the outer team's worker),
 * 6 with level 2 (and each outer thread's two nested workers) — and with
 * "stable" that every nested region ran on the same OS threads as the
 * first, member for member (the kept team, not pool workers in whatever
 * order). The sums check every region ran whole. Runs on LLVM's runtime as
 * well.
 */
#define _GNU_SOURCE
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

int kmp_get_num_known_threads(void);

enum { OUTER = 2, INNER = 3, ROUNDS = 200 };

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int want_known = atoi(argv[1]);
  int stable = argc > 2 && strcmp(argv[2], "stable") == 0;
  omp_set_max_active_levels(2);
  pid_t first[OUTER][INNER];
  int moved[OUTER] = {0};
  long sums[OUTER] = {0};
  for (int pass = 0; pass < 2; pass++) { /* the second pass reuses what the first kept */
#pragma omp parallel num_threads(OUTER)
    {
      int outer = omp_get_thread_num();
      for (int round = 0; round < ROUNDS; round++) {
#pragma omp parallel num_threads(INNER) reduction(+ : sums[outer])
        {
          int inner = omp_get_thread_num();
          pid_t tid = gettid();
          if (pass == 0 && round == 0)
            first[outer][inner] = tid;
          else if (first[outer][inner] != tid) {
#pragma omp atomic
            moved[outer]++;
          }
          sums[outer] += inner + 1;
        }
      }
    }
  }
  CHECK_EQ_INT(omp_get_max_active_levels(), 2);
  for (int o = 0; o < OUTER; o++) {
    CHECK(sums[o] == 2L * ROUNDS * (INNER * (INNER + 1) / 2), "outer %d: sum %ld", o, sums[o]);
    if (stable)
      CHECK(moved[o] == 0, "outer %d: %d nested members ran on another thread than the first time",
            o, moved[o]);
  }
  CHECK_EQ_INT(kmp_get_num_known_threads(), want_known);
  CHECK_DONE();
}
