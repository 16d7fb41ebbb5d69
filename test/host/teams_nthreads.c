/* nthreads-var in host teams: the teams' initial tasks take OMP_NUM_THREADS's
 * element for the next level when the list has one, as LLVM 19, and
 * otherwise the encountering task's value, omp_set_num_threads included (we
 * used to give them the list's first element, undoing omp_set_num_threads).
 * A parallel region in a team takes the element of its own level, or
 * inherits. Run as: teams_nthreads <want in teams> <want in the region>,
 * after omp_set_num_threads(4). */
#include <omp.h>
#include <stdlib.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 3, "usage: teams_nthreads <in teams> <in region>");
  if (argc != 3)
    return 2;
  int want_teams = atoi(argv[1]), want_region = atoi(argv[2]);
  omp_set_num_threads(4);
  omp_set_max_active_levels(2);
  int in_teams[2] = {0}, in_region[2] = {0};
#pragma omp teams num_teams(2) thread_limit(1)
  {
    int t = omp_get_team_num();
    in_teams[t] = omp_get_max_threads();
#pragma omp parallel
#pragma omp masked
    in_region[t] = omp_get_max_threads();
  }
  for (int t = 0; t < 2; t++) {
    CHECK(in_teams[t] == want_teams, "team %d: omp_get_max_threads() %d, want %d", t,
          in_teams[t], want_teams);
    CHECK(in_region[t] == want_region, "team %d's region: omp_get_max_threads() %d, want %d",
          t, in_region[t], want_region);
  }
  CHECK(omp_get_max_threads() == 4, "after teams: omp_get_max_threads() %d, want 4",
        omp_get_max_threads());
  CHECK_DONE();
}
