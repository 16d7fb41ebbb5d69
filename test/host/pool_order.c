/* Teams that take pool workers for one region at a time (a host league, a
 * nested team at a level KMP_HOT_TEAMS_MAX_LEVEL keeps no team for) get
 * the same workers back at the same numbers next time, as LLVM 19's (its
 * pool is sorted by gtid): team t of `teams num_teams(4)` and thread t of
 * a nested team of 3 run on the same OS thread in all 50 regions (they
 * swapped places at every region before). Runs on LLVM's runtime as well
 * (core.cmake sets KMP_TEAMS_THREAD_LIMIT=4 so four host teams form on a
 * small machine). */
#define _GNU_SOURCE
#include <omp.h>
#include <unistd.h>

#include "check.h"

enum { ROUNDS = 50, TEAMS = 4, INNER = 3 };

static void note(pid_t *first, int slot, int round, int *moved) {
  pid_t me = gettid();
  if (round == 0)
    first[slot] = me;
  else if (first[slot] != me) {
#pragma omp atomic
    (*moved)++;
  }
}

int main(void) {
  pid_t league_first[TEAMS], nested_first[INNER];
  int league_moved = 0, nested_moved = 0, teams_seen = 0;
  for (int r = 0; r < ROUNDS; r++) {
#pragma omp teams num_teams(TEAMS) thread_limit(1) reduction(+ : teams_seen)
    {
      teams_seen++;
      note(league_first, omp_get_team_num(), r, &league_moved);
    }
  }
  CHECK_EQ_INT(teams_seen, ROUNDS * TEAMS);
  omp_set_max_active_levels(2);
  int inner_seen = 0;
#pragma omp parallel num_threads(2) reduction(+ : inner_seen)
  if (omp_get_thread_num() == 0) /* only one master takes pool workers */
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp parallel num_threads(INNER) reduction(+ : inner_seen)
      {
        inner_seen++;
        note(nested_first, omp_get_thread_num(), r, &nested_moved);
      }
    }
  CHECK_EQ_INT(inner_seen, ROUNDS * INNER);
  CHECK(league_moved == 0, "league members on another OS thread %d times", league_moved);
  CHECK(nested_moved == 0, "nested members on another OS thread %d times", nested_moved);
  CHECK_DONE();
}
