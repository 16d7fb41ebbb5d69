/* Host `teams` leagues: how many teams (LLVM's rules, which
 * omp_teams_sizes follows) and which places their initial threads get.
 * argv[1] names the case; test/host/core.cmake sets the environment:
 *  - count: num_teams(n) above KMP_TEAMS_THREAD_LIMIT (the processors by
 *    default) gets that limit, with one warning for the process however
 *    often it happens (the test's regexes check both);
 *    num_teams(lb:ub) through __kmpc_push_num_teams_51 gets ub when it
 *    fits, else lb, and with a thread_limit as many as fit in [lb, ub]; an
 *    exact lb == ub is never cut;
 *  - count_limit: KMP_TEAMS_THREAD_LIMIT=64 lets num_teams(3 * procs) run;
 *  - spread / close / primary (OMP_PLACES=threads, KMP_TEAMS_PROC_BIND):
 *    with as many teams as places, spread gives team t place t and a
 *    partition of that place alone, close place t within the whole list,
 *    primary every team the encountering thread's place and the whole list.
 * Skipped (77) with fewer than two places or processors. */
#include <omp.h>
#include <string.h>

#include "check.h"

/* (locations as void *, as test/common/kmp_tasks.h passes them) */
extern int __kmpc_global_thread_num(void *loc);
extern void __kmpc_push_num_teams_51(void *loc, int gtid, int lb, int ub, int thread_limit);

static int league_size(void) {
  int n = -1;
#pragma omp teams
  if (omp_get_team_num() == 0)
    n = omp_get_num_teams();
  return n;
}

static int pushed_league(int lb, int ub, int thread_limit) {
  __kmpc_push_num_teams_51(NULL, __kmpc_global_thread_num(NULL), lb, ub, thread_limit);
  return league_size();
}

static void count(int limit) {
  int procs = omp_get_num_procs(), n = -1, want = 3 * procs;
  for (int round = 0; round < 2; round++) { /* cut twice, warned once */
#pragma omp teams num_teams(want)
    if (omp_get_team_num() == 0)
      n = omp_get_num_teams();
    CHECK(n == (want > limit ? limit : want), "num_teams(%d): %d teams, limit %d", want, n,
          limit);
  }
  CHECK_EQ_INT(pushed_league(want, want, 0), want);             /* exact: never cut */
  int fit = limit / 2; /* teams of 2 threads that fit, kept within [lb, ub] */
  CHECK_EQ_INT(pushed_league(want, 4 * procs, 2),
               fit < want ? want : fit > 4 * procs ? 4 * procs : fit);
  CHECK_EQ_INT(pushed_league(1, limit, 0), limit);              /* ub fits */
  CHECK_EQ_INT(pushed_league(2, 4 * limit, 0), 2);              /* ub does not: lb */
  CHECK_EQ_INT(pushed_league(1, 4 * limit, limit), 1);          /* one team of `limit` */
  CHECK_EQ_INT(league_size(), 1);                               /* no clause: 1 */
}

static void places(const char *policy) {
  int nplaces = omp_get_num_places();
  int place[64], nparts[64], first[64];
  if (nplaces > 64)
    nplaces = 64;
#pragma omp teams num_teams(nplaces)
  {
    int t = omp_get_team_num(), ids[64];
    place[t] = omp_get_place_num();
    nparts[t] = omp_get_partition_num_places();
    omp_get_partition_place_nums(ids);
    first[t] = ids[0];
  }
  for (int t = 0; t < nplaces; t++) {
    if (strcmp(policy, "spread") == 0)
      CHECK(place[t] == t && nparts[t] == 1 && first[t] == t,
            "spread: team %d at place %d, partition of %d from %d; want place %d alone", t,
            place[t], nparts[t], first[t], t);
    else if (strcmp(policy, "close") == 0)
      CHECK(place[t] == t && nparts[t] == nplaces && first[t] == 0,
            "close: team %d at place %d, partition of %d from %d; want place %d of all",
            t, place[t], nparts[t], first[t], t);
    else
      CHECK(place[t] == 0 && nparts[t] == nplaces,
            "primary: team %d at place %d, partition of %d; want place 0 of all %d", t,
            place[t], nparts[t], nplaces);
  }
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "";
  if (omp_get_num_procs() < 2 || (strncmp(which, "count", 5) && omp_get_num_places() < 2)) {
    printf("SKIP: needs two processors and places\n");
    return 77;
  }
  if (strcmp(which, "count") == 0)
    count(omp_get_num_procs());
  else if (strcmp(which, "count_limit") == 0)
    count(64);
  else
    places(which);
  CHECK_DONE();
}
